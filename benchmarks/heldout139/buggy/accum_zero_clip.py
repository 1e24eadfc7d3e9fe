"""big_vision/trainers/proj/multipod/zero_clip.py

ZeRO-style update on a `pod` x `chip` mesh: accumulated gradients are reduce-scattered
over `chip` (each chip owns a row slice), averaged over `pod`, clipped by global norm and
applied. `config.optax.regather` makes the clipped gradient whole before the update.
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
  kw = dict(kv.split("=") for kv in (arg or "pods=2,chips=4,clip=1.0").split(","))
  config = ConfigDict()
  config.mesh = {"shape": (int(kw["pods"]), int(kw["chips"])), "axes": ("pod", "chip")}
  config.optax = {"clip_norm": float(kw["clip"]), "lr": 0.1, "regather": True}
  config.shard_axis, config.replica_axis = "chip", "pod"
  config.accum_steps = 2
  return config.lock()


def global_norm(g, shard_axis):
  return jnp.sqrt(jax.lax.psum(jnp.sum(g * g), shard_axis))


def clip_by_global_norm(g, max_norm, shard_axis):
  n = global_norm(g, shard_axis)
  return g * jnp.minimum(1.0, max_norm / (n + 1e-6))


def scatter_grads(g, config):
  g = jax.lax.psum_scatter(g, config.shard_axis, scatter_dimension=0, tiled=True)
  g = jax.lax.pmean(g, config.replica_axis) / jax.lax.axis_size(config.shard_axis)
  if config.optax.regather:
    g = jax.lax.all_gather(g, config.shard_axis, axis=0, tiled=True, to="reduced")
  return g


def make_step(mesh, config):
  sa = config.shard_axis
  oc = config.optax

  def body(w, x, y):
    n = config.accum_steps
    xs, ys = x.reshape(n, -1, x.shape[-1]), y.reshape(n, -1, y.shape[-1])
    g = sum(jax.grad(lambda w, a, b: jnp.mean((a @ w - b) ** 2))(w, xs[i], ys[i])
            for i in range(n)) / n
    g = scatter_grads(g, config)
    g = clip_by_global_norm(g, oc.clip_norm, sa)
    if not oc.regather:
      g = jax.lax.all_gather(g, sa, axis=0, tiled=True, to="invarying")
    return w - oc.lr * g

  batch = P(("pod", "chip"))
  return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(P(), batch, batch),
                               out_specs=P()))


def inputs():
  return (["zero_clip.py", "--config=pods=2,chips=4,clip=1.0"],)


def main(argv):
  FLAGS(argv, get_config)
  config = FLAGS.config
  mesh = jax.make_mesh(config.mesh.shape, config.mesh.axes)
  rng = np.random.default_rng(39)
  batch = NamedSharding(mesh, P(("pod", "chip")))
  x = rng.normal(size=(32, 8)).astype(np.float32)
  y = x @ rng.normal(size=(8, 2)).astype(np.float32)
  w = jax.device_put(np.zeros((8, 2), np.float32), NamedSharding(mesh, P()))
  x, y = jax.device_put(x, batch), jax.device_put(y, batch)
  step = make_step(mesh, config)
  for i in range(3):
    w = step(w, x, y)
    print(i, float(np.abs(np.asarray(w)).sum()))
  return w


if __name__ == "__main__":
  main(*inputs())
