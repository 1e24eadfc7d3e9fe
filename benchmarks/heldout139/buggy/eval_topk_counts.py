"""big_vision/evaluators/proj/lite/topk.py

Top-k accuracy for a class-sharded head. Each device scores its class slice; a label is
counted as hit when fewer than k classes beat its logit (counted with collectives).
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
  kw = dict(kv.split("=") for kv in (arg or "rows=2,cols=4,k=3").split(","))
  config = ConfigDict()
  config.mesh = {"shape": (int(kw["rows"]), int(kw["cols"])), "axes": ("batch", "shard")}
  config.classes = 8
  config.evals = {"topk": {"type": "topk", "k": int(kw["k"]), "class_axis": "shard",
                           "batch_axis": "batch"}}
  return config.lock()


@registry.register("evaluators.topk")
class TopKEvaluator:
  def __init__(self, mesh, ecfg):
    self.k, self.cfg = ecfg.k, ecfg
    self.axes = tuple(mesh.axis_names)
    ca, ba = ecfg.class_axis, ecfg.batch_axis
    self._count = jax.jit(jax.shard_map(
        self.count, mesh=mesh, in_specs=(P(None, ca), P(ba), P(ba, ca)), out_specs=P()))

  def label_logit(self, z, onehot):
    return jax.lax.psum(jnp.sum(z * onehot, axis=1), self.cfg.class_axis)

  def count(self, w, x, onehot):
    z = x @ w
    target = self.label_logit(z, onehot)
    beaten = jax.lax.psum(jnp.sum(z > target[:, None], axis=1), self.cfg.class_axis)
    hits = (beaten < self.k).astype(jnp.float32)
    return jax.lax.psum(jnp.stack([hits.sum(), jnp.float32(hits.shape[0])]), self.axes)

  def run(self, w, x, onehot):
    n_hit, n = np.asarray(self._count(w, x, onehot))
    yield f"prec@{self.k}", float(n_hit / n)


def inputs():
  return (["eval_topk.py", "--config=rows=2,cols=4,k=3", "--config.evals.topk.k=2"],)


def main(argv):
  FLAGS(argv, get_config)
  config = FLAGS.config
  mesh = jax.make_mesh(config.mesh.shape, config.mesh.axes)
  rng = np.random.default_rng(10)
  c = config.classes
  w = rng.normal(size=(6, c)).astype(np.float32)
  x = rng.normal(size=(16, 6)).astype(np.float32)
  onehot = np.eye(c, dtype=np.float32)[rng.integers(0, c, 16)]
  results = {}
  for name, ecfg in config.evals.items():
    ev = registry.get(f"evaluators.{ecfg.type}")(mesh, ecfg)
    args = (jax.device_put(w, NamedSharding(mesh, P(None, ecfg.class_axis))),
            jax.device_put(x, NamedSharding(mesh, P(ecfg.batch_axis))),
            jax.device_put(onehot, NamedSharding(mesh, P(ecfg.batch_axis, ecfg.class_axis))))
    for metric, value in ev.run(*args):
      results[f"{name}/{metric}"] = value
  print(results)
  return results


if __name__ == "__main__":
  main(*inputs())
