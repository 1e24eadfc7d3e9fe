"""big_vision/evaluators/proj/lite/fewshot_episodes.py

Runs several few-shot episodes at once: episodes are split over `data`, the feature
dimension over `feat`. Per-episode accuracy of a nearest-class-mean classifier is
averaged over all devices for the summary writer.
"""
import functools
import re
import time
import types

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

# --- bv_lite: big_vision's config/flags/registry/utils, pasted (keep in sync by hand) ---


class FieldReference:
  """A placeholder resolved when the config is read (like ml_collections)."""

  def __init__(self, default=None, field_type=None):
    self._value, self._type = default, field_type

  def get(self):
    return self._value() if callable(self._value) else self._value

  def set(self, value):
    self._value = value


class ConfigDict:
  """Attribute access over a dict; nested dicts become ConfigDicts."""

  def __init__(self, d=None):
    object.__setattr__(self, "_fields", {})
    object.__setattr__(self, "_locked", False)
    for k, v in (d or {}).items():
      setattr(self, k, v)

  def __getattr__(self, k):
    if k not in self._fields:
      raise AttributeError(k)
    v = self._fields[k]
    return v.get() if isinstance(v, FieldReference) else v

  def __setattr__(self, k, v):
    if self._locked and k not in self._fields:
      raise AttributeError(f"config is locked, cannot add {k!r}")
    if isinstance(v, dict):
      v = ConfigDict(v)
    old = self._fields.get(k)
    if isinstance(old, FieldReference) and not isinstance(v, FieldReference):
      old.set(v)
    else:
      self._fields[k] = v

  def get(self, k, default=None):
    return getattr(self, k) if k in self._fields else default

  def __getitem__(self, k):
    return getattr(self, k)

  def items(self):
    return [(k, getattr(self, k)) for k in self._fields]

  def get_ref(self, k):
    v = self._fields[k]
    return v if isinstance(v, FieldReference) else FieldReference(v)

  def lock(self):
    object.__setattr__(self, "_locked", True)
    for v in self._fields.values():
      if isinstance(v, ConfigDict):
        v.lock()
    return self



def _parse_value(s):
  if "," in s:
    return tuple(_parse_value(p) for p in s.split(",") if p)
  consts = {"True": True, "False": False, "None": None}
  if s in consts:
    return consts[s]
  return int(s) if s.lstrip("-").isdigit() else float(s) if re.fullmatch(r"-?[\d.e-]+", s) else s


class _Flags:
  """absl-ish: `--config=arg` and `--config.a.b=v` overrides from an argv list."""

  def __init__(self):
    self.config, self.workdir, self._overrides = None, None, []

  def __call__(self, argv, get_config):
    arg = None
    for a in argv[1:]:
      key, _, val = a.lstrip("-").partition("=")
      if key == "config":
        arg = val or None
      elif key == "workdir":
        self.workdir = val
      elif key.startswith("config."):
        self._overrides.append((key[len("config."):].split("."), val))
    self.config = get_config(arg)
    for path, val in self._overrides:
      node = self.config
      for p in path[:-1]:
        node = getattr(node, p)
      setattr(node, path[-1], _parse_value(val))
    return argv[:1]


FLAGS = _Flags()


class _Registry:
  """`registry.get("models.vit")` -> whatever was registered under that name."""

  def __init__(self):
    self._d = {}

  def register(self, name):
    def deco(obj):
      self._d[name] = obj
      return obj
    return deco

  def get(self, name):
    kind, _, rest = name.partition(".")
    return self._d[f"{kind}.{rest.split('(')[0]}"]


registry = _Registry()


def _chrono(t0=time.perf_counter()):
  return types.SimpleNamespace(tick=lambda step: (step, time.perf_counter() - t0))


def _tree_map_with_names(f, tree, *rest, prefix=""):
  if isinstance(tree, dict):
    return {k: _tree_map_with_names(f, v, *(r[k] for r in rest), prefix=f"{prefix}{k}/")
            for k, v in tree.items()}
  return f(prefix.rstrip("/"), tree, *rest)


def _reshape_for_devices(x, n):
  return x.reshape((n, x.shape[0] // n) + x.shape[1:])


u = types.SimpleNamespace(chrono=_chrono, tree_map_with_names=_tree_map_with_names,
                          reshape_for_devices=_reshape_for_devices)
# ----------------------------- end bv_lite ---------------------------------


def get_config(arg=None):
  kw = dict(kv.split("=") for kv in (arg or "episodes=4,ways=3,shots=2").split(","))
  config = ConfigDict()
  config.mesh = {"shape": (2, 4), "axes": ("data", "feat")}
  config.fewshot = {"episodes": int(kw["episodes"]), "ways": int(kw["ways"]),
                    "shots": int(kw["shots"]), "queries": 6, "dim": 8}
  config.fewshot.episode_axis = "data"
  config.fewshot.feat_axis = "feat"
  config.summary_axes = ("data", "feat")
  return config.lock()


def episode_accuracy(support, s_onehot, query, q_onehot, feat_axis):
  means = jnp.einsum("ekw,ekd->ewd", s_onehot, support) / s_onehot.sum(1)[..., None]
  d = jax.lax.psum(((query[:, :, None, :] - means[:, None]) ** 2).sum(-1), feat_axis)
  pred = jax.nn.one_hot(jnp.argmin(d, axis=-1), means.shape[1])
  return jnp.mean(jnp.sum(pred * q_onehot, axis=-1), axis=-1)


@registry.register("evaluators.fewshot_episodes")
def make_evaluator(mesh, config):
  fc = config.fewshot
  ea, fa = fc.episode_axis, fc.feat_axis

  def body(support, s_onehot, query, q_onehot):
    acc = episode_accuracy(support, s_onehot, query, q_onehot, fa)
    return jax.lax.pmean(jnp.mean(acc), config.summary_axes)

  fn = jax.jit(jax.shard_map(
      body, mesh=mesh,
      in_specs=(P(ea, None, fa), P(ea), P(ea, None, fa), P(ea)), out_specs=P()))
  return lambda *episode: {"mean_acc": float(fn(*episode))}


def sample_episodes(rng, fc):
  e, w, k, q, d = fc.episodes, fc.ways, fc.shots, fc.queries, fc.dim
  centers = rng.normal(size=(e, w, d)).astype(np.float32) * 2
  s_lab = np.tile(np.repeat(np.arange(w), k), (e, 1))
  q_lab = rng.integers(0, w, (e, q))
  support = np.take_along_axis(centers, s_lab[..., None], 1) + rng.normal(size=(e, w * k, d))
  query = np.take_along_axis(centers, q_lab[..., None], 1) + rng.normal(size=(e, q, d))
  eye = np.eye(w, dtype=np.float32)
  return (support.astype(np.float32), eye[s_lab], query.astype(np.float32), eye[q_lab])


def inputs():
  return (["fewshot_episodes.py", "--config=episodes=4,ways=3,shots=2",
           "--config.fewshot.queries=4"],)


def main(argv):
  FLAGS(argv, get_config)
  config = FLAGS.config
  mesh = jax.make_mesh(config.mesh.shape, config.mesh.axes)
  fc = config.fewshot
  support, s_oh, query, q_oh = sample_episodes(np.random.default_rng(16), fc)
  ea, fa = fc.episode_axis, fc.feat_axis
  put = lambda a, spec: jax.device_put(a, NamedSharding(mesh, spec))
  args = (put(support, P(ea, None, fa)), put(s_oh, P(ea)),
          put(query, P(ea, None, fa)), put(q_oh, P(ea)))
  evaluate = registry.get("evaluators.fewshot_episodes")(mesh, config)
  results = evaluate(*args)
  print(results)
  return results


if __name__ == "__main__":
  main(*inputs())
