"""big_vision/evaluators/proj/lite/retrieval.py

Image-to-image retrieval evaluator. Embeddings come out of a projection whose output
features are split over `shard`; the gallery is assembled from every device before the
nearest-neighbour lookup on the host.
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
  kw = dict(kv.split("=") for kv in (arg or "rows=2,cols=4,dim=8").split(","))
  config = ConfigDict()
  config.mesh = {"shape": (int(kw["rows"]), int(kw["cols"])), "axes": ("batch", "shard")}
  config.embed_dim = int(kw["dim"])
  config.evals = {"retrieval": {"type": "retrieval", "feature_axis": "shard",
                                "batch_axis": "batch", "k": 1}}
  config.evals.retrieval.gallery_axes = config.mesh.axes
  return config.lock()


def l2_normalize_sharded(z, feature_axis):
  n = jax.lax.psum(jnp.sum(z * z, axis=-1, keepdims=True), feature_axis)
  return z * jax.lax.rsqrt(n + 1e-6)


@registry.register("evaluators.retrieval")
class RetrievalEvaluator:
  def __init__(self, mesh, ecfg):
    self.mesh, self.cfg = mesh, ecfg
    fa, ba = ecfg.feature_axis, ecfg.batch_axis
    self._embed = jax.jit(jax.shard_map(
        self._gallery, mesh=mesh,
        in_specs=(P(None, fa), P(ba)),
        out_specs=P(None, None, reduced={fa, *ecfg.gallery_axes})))

  def _features(self, proj, x):
    z = l2_normalize_sharded(x @ proj, self.cfg.feature_axis)
    return jax.lax.all_gather(z, self.cfg.feature_axis, axis=1, tiled=True, to="reduced")

  def _gallery(self, proj, x):
    feats = self._features(proj, x)
    return jax.lax.all_gather(feats, self.cfg.gallery_axes, axis=0, tiled=True, to="reduced")

  def run(self, proj, x, ids):
    gallery = np.asarray(jax.device_get(self._embed(proj, x)))
    sims = gallery @ gallery.T
    np.fill_diagonal(sims, -np.inf)
    nn = np.argsort(-sims, axis=1)[:, :self.cfg.k]
    hit = (ids[nn] == ids[:, None]).any(axis=1)
    yield f"recall@{self.cfg.k}", float(hit.mean())


def inputs():
  return (["eval_retrieval.py", "--config=rows=2,cols=4,dim=8", "--config.evals.retrieval.k=2"],)


def main(argv):
  FLAGS(argv, get_config)
  config = FLAGS.config
  mesh = jax.make_mesh(config.mesh.shape, config.mesh.axes)
  rng = np.random.default_rng(7)
  ids = np.repeat(np.arange(8), 2)
  protos = rng.normal(size=(8, 6)).astype(np.float32)
  x = protos[ids] + 0.1 * rng.normal(size=(16, 6)).astype(np.float32)
  proj = rng.normal(size=(6, config.embed_dim)).astype(np.float32)
  results = {}
  for name, ecfg in config.evals.items():
    proj_d = jax.device_put(proj, NamedSharding(mesh, P(None, ecfg.feature_axis)))
    x_d = jax.device_put(x, NamedSharding(mesh, P(ecfg.batch_axis)))
    evaluator = registry.get(f"evaluators.{ecfg.type}")(mesh, ecfg)
    for metric, value in evaluator.run(proj_d, x_d, ids):
      results[f"{name}/{metric}"] = value
  print(results)
  return results


if __name__ == "__main__":
  main(*inputs())
