"""big_vision/evaluators/proj/lite/fewshot_knn.py

k-NN few-shot evaluator. The support features are L2-normalised on device (feature columns
split over `feat`) and assembled into one support bank that the host searches.
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
  kw = dict(kv.split("=") for kv in (arg or "shots=2,ways=8").split(","))
  config = ConfigDict()
  config.mesh = {"shape": (2, 4), "axes": ("data", "feat")}
  config.fewshot = {"shots": int(kw["shots"]), "ways": int(kw["ways"]), "dim": 8,
                    "shot_axis": "data", "feat_axis": "feat", "bank_axes": ("data",),
                    "k": 1}
  return config.lock()


def normalize(z, feat_axis):
  sq = jax.lax.psum(jnp.sum(z * z, axis=1, keepdims=True), feat_axis)
  return z * jax.lax.rsqrt(sq + 1e-8)


@registry.register("evaluators.fewshot_knn")
class FewShotKnn:
  def __init__(self, mesh, fcfg):
    self.cfg = fcfg
    sa, fa = fcfg.shot_axis, fcfg.feat_axis
    self._bank = jax.jit(jax.shard_map(
        self.bank, mesh=mesh, in_specs=P(sa, fa),
        out_specs=P(None, None, reduced={fa, *fcfg.bank_axes})))

  def rows(self, feats):
    z = normalize(feats, self.cfg.feat_axis)
    return jax.lax.all_gather(z, self.cfg.feat_axis, axis=1, tiled=True, to="reduced")

  def bank(self, feats):
    return jax.lax.all_gather(self.rows(feats), tuple(self.cfg.bank_axes), axis=0,
                              tiled=True, to="reduced")

  def run(self, feats, labels, queries, q_labels):
    bank = np.asarray(jax.device_get(self._bank(feats)))
    q = queries / np.linalg.norm(queries, axis=1, keepdims=True)
    nn = np.argsort(-(q @ bank.T), axis=1)[:, :self.cfg.k]
    votes = labels[nn]
    pred = np.array([np.bincount(v, minlength=self.cfg.ways).argmax() for v in votes])
    yield f"knn{self.cfg.k}_{self.cfg.shots}shot", float((pred == q_labels).mean())


def inputs():
  return (["fewshot_knn.py", "--config=shots=2,ways=8", "--config.fewshot.bank_axes=data,feat",
           "--config.fewshot.k=1"],)


def main(argv):
  FLAGS(argv, get_config)
  config = FLAGS.config
  mesh = jax.make_mesh(config.mesh.shape, config.mesh.axes)
  fcfg = config.fewshot
  rng = np.random.default_rng(13)
  centers = rng.normal(size=(fcfg.ways, fcfg.dim)).astype(np.float32) * 3
  labels = np.repeat(np.arange(fcfg.ways), fcfg.shots)
  feats = centers[labels] + rng.normal(size=(len(labels), fcfg.dim)).astype(np.float32)
  q_labels = rng.integers(0, fcfg.ways, 24)
  queries = centers[q_labels] + rng.normal(size=(24, fcfg.dim)).astype(np.float32)
  feats = jax.device_put(feats, NamedSharding(mesh, P(fcfg.shot_axis, fcfg.feat_axis)))
  ev = registry.get("evaluators.fewshot_knn")(mesh, fcfg)
  results = dict(ev.run(feats, labels, queries, q_labels))
  print(results)
  return results


if __name__ == "__main__":
  main(*inputs())
