"""big_vision/trainers/proj/dp_lite/train_gradnorm.py

Data-parallel linear-probe trainer in plain JAX. Logs the global gradient norm every step
(gathered across the logging axis so every host sees the same scalar).
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
  """`arg` is "B/16,dp=4"-like: a variant then key=value pairs."""
  parts = (arg or "B/16").split(",")
  kw = dict(p.split("=", 1) for p in parts[1:])
  config = ConfigDict()
  config.variant = parts[0]
  config.model = {"name": "linear", "num_classes": 10}
  config.mesh = {"shape": (int(kw.get("dp", 4)), 2), "axes": ("data", "model")}
  config.data_axis = FieldReference("data")
  config.log = {"every": 1, "norm_axis": config.get_ref("data_axis")}
  config.lr = 0.1
  config.total_steps = 3
  return config.lock()


@registry.register("models.linear")
class LinearHead:
  def __init__(self, num_classes):
    self.num_classes = num_classes

  def init(self, rng, dim):
    return {"head": {"kernel": 0.01 * jax.random.normal(rng, (dim, self.num_classes)),
                     "bias": jnp.zeros((self.num_classes,))}}

  def apply(self, params, x):
    return x @ params["head"]["kernel"] + params["head"]["bias"]


def softmax_xent(logits, labels):
  logp = jax.nn.log_softmax(logits)
  return -jnp.mean(jnp.sum(logp * labels, axis=-1))


def make_train_step(config, model, mesh):
  data_axis = config.data_axis

  def body(params, images, labels):
    loss, grads = jax.value_and_grad(
        lambda p: softmax_xent(model.apply(p, images), labels))(params)
    grads = jax.lax.pmean(grads, data_axis)
    loss = jax.lax.pmean(loss, data_axis)
    sq = sum(jnp.sum(g * g) for g in jax.tree.leaves(grads))
    gnorm = jax.lax.all_gather(sq, config.log.norm_axis, to="reduced")
    params = jax.tree.map(lambda p, g: p - config.lr * g, params, grads)
    return params, loss, jnp.sqrt(gnorm[0])

  return jax.jit(jax.shard_map(
      body, mesh=mesh,
      in_specs=(P(), P(data_axis), P(data_axis)),
      out_specs=(P(), P(), P(reduced={config.log.norm_axis}))))


def inputs():
  argv = ["train_gradnorm.py", "--config=B/16,dp=4", "--workdir=/tmp/gn",
          "--config.lr=0.05"]
  return (argv,)


def main(argv):
  FLAGS(argv, get_config)
  config = FLAGS.config
  mesh = jax.make_mesh(config.mesh.shape, config.mesh.axes)
  model = registry.get(f"models.{config.model.name}")(config.model.num_classes)
  rng = np.random.default_rng(0)
  images = rng.normal(size=(32, 16)).astype(np.float32)
  labels = np.eye(10, dtype=np.float32)[rng.integers(0, 10, 32)]
  data = NamedSharding(mesh, P(config.data_axis))
  images, labels = jax.device_put(images, data), jax.device_put(labels, data)
  params = jax.device_put(model.init(jax.random.key(0), 16), NamedSharding(mesh, P()))
  step_fn = make_train_step(config, model, mesh)
  chrono = u.chrono()
  for step in range(config.total_steps):
    params, loss, gnorm = step_fn(params, images, labels)
    if step % config.log.every == 0:
      print(chrono.tick(step), float(loss), float(gnorm))
  return params


if __name__ == "__main__":
  main(*inputs())
