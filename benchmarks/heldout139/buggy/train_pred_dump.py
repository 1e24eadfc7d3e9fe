"""big_vision/trainers/proj/tp_lite/train_dump.py

Trainer for a class-sharded (tensor-parallel) classifier head. Every `dump_every` steps the
full logits of the batch are written out for the calibration notebook.
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
  arg = dict(kv.split("=") for kv in (arg or "dp=4,tp=2").split(","))
  config = ConfigDict()
  config.mesh = {"shape": (int(arg["dp"]), int(arg["tp"])), "axes": ("data", "model")}
  config.model = {"name": "tp_head", "num_classes": 16, "width": 8}
  config.sharding = {"batch": "data", "classes": "model"}
  config.dump = {"every": 2, "axes": config.mesh.axes}
  config.lr = 0.05
  config.total_steps = 4
  return config.lock()


@registry.register("models.tp_head")
class TpHead:
  """Dense head whose kernel columns (classes) are split over the model axis."""

  def __init__(self, num_classes, width):
    self.num_classes, self.width = num_classes, width

  def init(self, rng):
    return {"kernel": 0.02 * jax.random.normal(rng, (self.width, self.num_classes))}

  def local_logits(self, params, x):
    return x @ params["kernel"]


def make_step(config, model, mesh):
  sh = config.sharding

  def all_logits(local):
    return jax.lax.all_gather(local, sh.classes, axis=1, tiled=True, to="reduced")

  def dump_rows(logits):
    return jax.lax.all_gather(logits, config.dump.axes, axis=0, tiled=True, to="reduced")

  def body(params, x, y):
    def loss_fn(p):
      z = model.local_logits(p, x)
      zmax = jax.lax.pmax(jax.lax.stop_gradient(jnp.max(z, axis=1, keepdims=True)), sh.classes)
      lse = jnp.log(jax.lax.psum(jnp.sum(jnp.exp(z - zmax), axis=1, keepdims=True), sh.classes))
      picked = jax.lax.psum(jnp.sum(z * y, axis=1, keepdims=True), sh.classes)
      return jnp.mean(lse + zmax - picked), z

    (loss, z), g = jax.value_and_grad(loss_fn, has_aux=True)(params)
    g = jax.lax.pmean(g, sh.batch)
    params = jax.tree.map(lambda p, d: p - config.lr * d, params, g)
    dumped = dump_rows(all_logits(z))
    return params, jax.lax.pmean(loss, sh.batch), dumped

  return jax.jit(jax.shard_map(
      body, mesh=mesh,
      in_specs=({"kernel": P(None, sh.classes)}, P(sh.batch), P(sh.batch, sh.classes)),
      out_specs=({"kernel": P(None, sh.classes)}, P(),
                 P(None, None, reduced=set(config.dump.axes)))))


def inputs():
  return (["train_dump.py", "--config=dp=4,tp=2", "--config.dump.every=1"],)


def main(argv):
  FLAGS(argv, get_config)
  config = FLAGS.config
  mesh = jax.make_mesh(config.mesh.shape, config.mesh.axes)
  mcfg = config.model
  model = registry.get(f"models.{mcfg.name}")(mcfg.num_classes, mcfg.width)
  rng = np.random.default_rng(1)
  x = rng.normal(size=(16, mcfg.width)).astype(np.float32)
  y = np.eye(mcfg.num_classes, dtype=np.float32)[rng.integers(0, mcfg.num_classes, 16)]
  sh = config.sharding
  x = jax.device_put(x, NamedSharding(mesh, P(sh.batch)))
  y = jax.device_put(y, NamedSharding(mesh, P(sh.batch, sh.classes)))
  params = jax.device_put(model.init(jax.random.key(1)),
                          {"kernel": NamedSharding(mesh, P(None, sh.classes))})
  step = make_step(config, model, mesh)
  dumps = {}
  for i in range(config.total_steps):
    params, loss, logits = step(params, x, y)
    if i % config.dump.every == 0:
      dumps[i] = np.asarray(jax.device_get(logits))
    print(i, float(loss))
  return dumps


if __name__ == "__main__":
  main(*inputs())
