"""big_vision/trainers/proj/ema_lite/ema_debias.py

Adam-style debiased EMA of FSDP-sharded parameters (rows over `fsdp`, input columns too). The step logs the
norm of the debiased EMA and the loss, averaged over `config.log_axes` for the metric writer.
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
  kw = dict(kv.split("=") for kv in (arg or "replicas=2,fsdp=4,decay=0.8").split(","))
  config = ConfigDict()
  config.mesh = {"shape": (int(kw["replicas"]), int(kw["fsdp"])), "axes": ("replica", "fsdp")}
  config.ema = {"decay": float(kw["decay"])}
  config.shard_axis = "fsdp"
  config.log_axes = ("replica",)
  config.lr = 0.1
  return config.lock()


def debiased(ema, count, decay):
  return ema / (1.0 - decay ** count)


def sharded_norm(tree, axis):
  sq = sum(jnp.sum(x * x) for x in jax.tree.leaves(tree))
  return jnp.sqrt(jax.lax.psum(sq, axis))


def make_step(mesh, config):
  sa = config.shard_axis
  decay = config.ema.decay

  def body(w, ema, count, x, y):
    def loss(w_shard):
      pred = jax.lax.psum(x @ w_shard, sa)
      return jnp.mean((pred - y) ** 2)
    l, g = jax.value_and_grad(loss)(w)
    w = w - config.lr * jax.lax.pmean(g, "replica")
    ema = decay * ema + (1 - decay) * w
    count = count + 1
    metrics = {"ema_norm": sharded_norm(debiased(ema, count, decay), sa),
               "loss": l}
    metrics = {k: jax.lax.pmean(v, config.log_axes) for k, v in metrics.items()}
    return w, ema, count, metrics

  return jax.jit(jax.shard_map(
      body, mesh=mesh, in_specs=(P(sa), P(sa), P(), P("replica", sa), P("replica")),
      out_specs=(P(sa), P(sa), P(), P())))


def inputs():
  return (["ema_debias.py", "--config=replicas=2,fsdp=4,decay=0.8"],)


def main(argv):
  FLAGS(argv, get_config)
  config = FLAGS.config
  mesh = jax.make_mesh(config.mesh.shape, config.mesh.axes)
  sa = config.shard_axis
  rng = np.random.default_rng(35)
  x = rng.normal(size=(16, 8)).astype(np.float32)
  y = x @ rng.normal(size=(8, 1)).astype(np.float32)
  put = lambda a, spec: jax.device_put(a, NamedSharding(mesh, spec))
  w, ema = put(np.zeros((8, 1), np.float32), P(sa)), put(np.zeros((8, 1), np.float32), P(sa))
  count = put(np.float32(0), P())
  xs, ys = put(x, P("replica", sa)), put(y, P("replica"))
  step = make_step(mesh, config)
  history = []
  for _ in range(3):
    w, ema, count, metrics = step(w, ema, count, xs, ys)
    history.append({k: float(v) for k, v in metrics.items()})
  print(history)
  return history


if __name__ == "__main__":
  main(*inputs())
