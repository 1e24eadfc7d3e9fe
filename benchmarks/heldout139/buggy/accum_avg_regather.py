"""big_vision/trainers/proj/multipod/accum_regather.py

Gradient accumulation where each chip owns a row slice of the parameters (`chip`), data
is split over `pod`. The accumulated row slice is made whole on every chip and divided by
the number of microbatches before the plain SGD update.
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
  kw = dict(kv.split("=") for kv in (arg or "pods=2,chips=4,micro=2").split(","))
  config = ConfigDict()
  config.mesh = {"shape": (int(kw["pods"]), int(kw["chips"])), "axes": ("pod", "chip")}
  config.accum_steps = int(kw["micro"])
  config.row_axis, config.data_axis = "chip", "pod"
  config.lr = 0.1
  return config.lock()


def whole_rows(g, axis):
  return jax.lax.all_gather(g, axis, axis=0, tiled=True, to="reduced")


@registry.register("accum.sum_micro")
def sum_micro(w_rows, x, y, n, row_axis):
  xs, ys = x.reshape(n, -1, x.shape[-1]), y.reshape(n, -1, y.shape[-1])
  total = jnp.zeros_like(w_rows)
  for i in range(n):
    def loss(w_rows):
      w = jax.lax.all_gather(w_rows, row_axis, axis=0, tiled=True)
      return jnp.mean((xs[i] @ w - ys[i]) ** 2)
    total = total + jax.grad(loss)(w_rows)
  return total


def make_step(mesh, config):
  ra, da = config.row_axis, config.data_axis
  accum = registry.get("accum.sum_micro")

  def body(w_rows, x, y):
    g_rows = jax.lax.pmean(accum(w_rows, x, y, config.accum_steps, ra), da)
    g = whole_rows(g_rows, ra) / config.accum_steps
    idx = jax.lax.axis_index(ra)
    mine = jax.lax.dynamic_slice_in_dim(g, idx * w_rows.shape[0], w_rows.shape[0])
    return w_rows - config.lr * mine, g

  return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(P(ra), P(da), P(da)),
                               out_specs=(P(ra), P(None, reduced={ra}))))


def inputs():
  return (["accum_regather.py", "--config=pods=2,chips=4,micro=2"],)


def main(argv):
  FLAGS(argv, get_config)
  config = FLAGS.config
  mesh = jax.make_mesh(config.mesh.shape, config.mesh.axes)
  rng = np.random.default_rng(42)
  x = rng.normal(size=(16, 8)).astype(np.float32)
  y = x @ rng.normal(size=(8, 1)).astype(np.float32)
  put = lambda a, spec: jax.device_put(a, NamedSharding(mesh, spec))
  w = put(np.zeros((8, 1), np.float32), P(config.row_axis))
  xs, ys = put(x, P(config.data_axis)), put(y, P(config.data_axis))
  for i in range(2):
    w, g = jax.block_until_ready(make_step(mesh, config)(w, xs, ys))
    print(i, float(np.abs(np.asarray(jax.device_get(g))).sum()))
  return w


if __name__ == "__main__":
  main(*inputs())
