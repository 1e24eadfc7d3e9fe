"""big_vision/trainers/proj/tp_lite/train_label_smoothing.py

Label-smoothed softmax cross-entropy for a head whose classes are split over `model`
(the log-sum-exp is assembled with collectives). The loss is averaged over the whole mesh
for logging.
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
  arg = arg or "Ti,dp=4,ls=0.1"
  variant, *rest = arg.split(",")
  kw = dict(kv.split("=") for kv in rest)
  config = ConfigDict()
  config.variant = variant
  config.mesh = {"shape": (int(kw.get("dp", 4)), 2), "axes": ("data", "model")}
  config.label_smoothing = float(kw.get("ls", 0.0))
  config.num_classes = 8
  config.width = {"Ti": 6, "S": 12}[variant]
  config.lr = 0.1
  config.steps = 3
  config.log_axes = config.get_ref("mesh").get().axes
  return config.lock()


def smoothed_labels(y, ls, num_classes):
  return y * (1.0 - ls) + ls / num_classes


def sharded_xent(z, labels, class_axis):
  """Softmax cross-entropy of class-sharded logits z [b, c_local]."""
  m = jax.lax.pmax(jax.lax.stop_gradient(z.max(axis=1, keepdims=True)), class_axis)
  se = jax.lax.psum(jnp.exp(z - m).sum(axis=1, keepdims=True), class_axis)
  lse = jnp.log(se) + m
  return jax.lax.psum(jnp.sum(labels * (lse - z), axis=1), class_axis)


def make_step(config, mesh):
  data_axis, class_axis = config.mesh.axes

  def body(w, x, y):
    labels = smoothed_labels(y, config.label_smoothing, config.num_classes)

    def loss_fn(w):
      return jnp.mean(sharded_xent(x @ w, labels, class_axis))

    loss, g = jax.value_and_grad(loss_fn)(w)
    w = w - config.lr * jax.lax.pmean(g, data_axis)
    logged = jax.lax.pmean(loss, config.log_axes)
    return w, logged

  return jax.jit(jax.shard_map(
      body, mesh=mesh,
      in_specs=(P(None, class_axis), P(data_axis), P(data_axis, class_axis)),
      out_specs=(P(None, class_axis), P())))


def inputs():
  argv = ["train_label_smoothing.py", "--config=Ti,dp=4,ls=0.1", "--config.steps=2"]
  return (argv,)


def main(argv):
  FLAGS(argv, get_config)
  config = FLAGS.config
  mesh = jax.make_mesh(config.mesh.shape, config.mesh.axes)
  data_axis, class_axis = config.mesh.axes
  rng = np.random.default_rng(4)
  w = rng.normal(size=(config.width, config.num_classes)).astype(np.float32) * 0.1
  x = rng.normal(size=(16, config.width)).astype(np.float32)
  y = np.eye(config.num_classes, dtype=np.float32)[rng.integers(0, config.num_classes, 16)]
  w = jax.device_put(w, NamedSharding(mesh, P(None, class_axis)))
  x = jax.device_put(x, NamedSharding(mesh, P(data_axis)))
  y = jax.device_put(y, NamedSharding(mesh, P(data_axis, class_axis)))
  step = make_step(config, mesh)
  chrono = u.chrono()
  history = []
  for i in range(config.steps):
    w, loss = step(w, x, y)
    history.append(float(loss))
    print(chrono.tick(i), history[-1])
  return history


if __name__ == "__main__":
  main(*inputs())
