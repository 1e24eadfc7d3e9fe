"""big_vision/trainers/proj/ema_lite/batchstats_ema.py

Keeps per-replica running averages of feature statistics (BatchNorm-style, no cross-replica
sync: "ghost" batch norm). Features are split over `fsdp`. Every step a snapshot of all
replicas' running means is taken for the stats dashboard.
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
  kw = dict(kv.split("=") for kv in (arg or "replicas=2,fsdp=4,momentum=0.9").split(","))
  config = ConfigDict()
  config.mesh = {"shape": (int(kw["replicas"]), int(kw["fsdp"])), "axes": ("replica", "fsdp")}
  config.bn = {"momentum": float(kw["momentum"]), "feature_axis": "fsdp",
               "replica_axis": "replica"}
  config.snapshot = {"axes": "replica,fsdp"}
  config.features, config.steps = 8, 3
  return config.lock()


def snapshot_axes(config):
  return tuple(a for a in config.snapshot.axes.split(",") if a)


def whole_features(v, bn):
  return jax.lax.all_gather(v, bn.feature_axis, axis=0, tiled=True, to="reduced")


def make_stats_step(mesh, config):
  bn, axes = config.bn, snapshot_axes(config)

  def body(running_mean, x):
    batch_mean = jnp.mean(x, axis=0)
    running_mean = bn.momentum * running_mean + (1.0 - bn.momentum) * batch_mean
    snap = whole_features(running_mean, bn)
    snap = jax.lax.all_gather(snap[None], axes, axis=0, tiled=True, to="reduced")
    return running_mean, snap

  return jax.jit(jax.shard_map(
      body, mesh=mesh,
      in_specs=(P((bn.replica_axis, bn.feature_axis)), P(bn.replica_axis, bn.feature_axis)),
      out_specs=(P((bn.replica_axis, bn.feature_axis)), P(None, None, reduced=set(axes)))))


def inputs():
  return (["batchstats_ema.py", "--config=replicas=2,fsdp=4,momentum=0.9", "--config.steps=2"],)


def main(argv):
  FLAGS(argv, get_config)
  config = FLAGS.config
  mesh = jax.make_mesh(config.mesh.shape, config.mesh.axes)
  bn = config.bn
  rng = np.random.default_rng(32)
  n_rep = config.mesh.shape[0]
  running = jax.device_put(np.zeros((n_rep * config.features,), np.float32),
                           NamedSharding(mesh, P((bn.replica_axis, bn.feature_axis))))
  step = make_stats_step(mesh, config)
  for i in range(config.steps):
    x = rng.normal(loc=1.0, size=(16, config.features)).astype(np.float32)
    x = jax.device_put(x, NamedSharding(mesh, P(bn.replica_axis, bn.feature_axis)))
    running, snap = step(running, x)
    snap = np.asarray(jax.device_get(snap))
    print(i, snap.shape, snap.mean(axis=1).round(3).tolist())
  return snap


if __name__ == "__main__":
  main(*inputs())
