"""big_vision/trainers/proj/multipod/accum_train.py

Gradient accumulation over microbatches on a two-level mesh (`pod` x `chip`). Gradients are
averaged within a pod first, then across pods. Per-leaf gradient sums are gathered over
`config.log.axis` for the per-pod divergence plot.
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
  config.inner_axis, config.outer_axis = "chip", "pod"
  config.log = {"axis": config.get_ref("outer_axis")}
  config.lr = 0.1
  return config.lock()


def accumulate(grad_fn, params, x, y, n):
  xs, ys = x.reshape((n, -1) + x.shape[1:]), y.reshape((n, -1) + y.shape[1:])
  total = jax.tree.map(jnp.zeros_like, params)
  loss = 0.0
  for i in range(n):
    l, g = grad_fn(params, xs[i], ys[i])
    total = jax.tree.map(jnp.add, total, g)
    loss += l
  return loss / n, jax.tree.map(lambda t: t / n, total)


def loss_fn(params, x, y):
  return jnp.mean((jnp.tanh(x @ params["w1"]) @ params["w2"] - y) ** 2)


def make_step(mesh, config):
  ia, oa = config.inner_axis, config.outer_axis
  batch = P((oa, ia))

  def body(params, x, y):
    loss, g = accumulate(jax.value_and_grad(loss_fn), params, x, y, config.accum_steps)
    g = jax.tree.map(lambda t: jax.lax.pmean(jax.lax.pmean(t, ia), oa), g)
    sums = jax.tree.map(
        lambda t: jax.lax.all_gather(jnp.sum(t), config.log.axis, to="reduced"), g)
    params = jax.tree.map(lambda p, t: p - config.lr * t, params, g)
    return params, jax.lax.pmean(loss, (oa, ia)), sums

  log_spec = P(None, reduced={config.log.axis})
  return jax.jit(jax.shard_map(
      body, mesh=mesh, in_specs=(P(), batch, batch),
      out_specs=(P(), P(), {"w1": log_spec, "w2": log_spec})))


def inputs():
  return (["accum_train.py", "--config=pods=2,chips=4,micro=2", "--config.lr=0.05"],)


def main(argv):
  FLAGS(argv, get_config)
  config = FLAGS.config
  mesh = jax.make_mesh(config.mesh.shape, config.mesh.axes)
  rng = np.random.default_rng(37)
  params = {"w1": 0.3 * rng.normal(size=(4, 6)).astype(np.float32),
            "w2": 0.3 * rng.normal(size=(6, 1)).astype(np.float32)}
  params = jax.device_put(params, NamedSharding(mesh, P()))
  batch = NamedSharding(mesh, P((config.outer_axis, config.inner_axis)))
  x = jax.device_put(rng.normal(size=(32, 4)).astype(np.float32), batch)
  y = jax.device_put(rng.normal(size=(32, 1)).astype(np.float32), batch)
  step = make_step(mesh, config)
  for i in range(2):
    params, loss, sums = step(params, x, y)
    print(i, float(loss), {k: np.asarray(v).tolist() for k, v in sums.items()})
  return params


if __name__ == "__main__":
  main(*inputs())
