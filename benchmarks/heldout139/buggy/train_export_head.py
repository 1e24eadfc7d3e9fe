"""big_vision/trainers/proj/tp_lite/train_export.py

Trains a class-sharded head for a few steps, then exports the full kernel for the serving
job. The export layout comes from `config.export` so serving can change it without code.
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
from jax._src.shard_map import top_level_all_gather


def get_config(arg=None):
  kw = dict(kv.split("=") for kv in (arg or "dp=4,tp=2").split(","))
  config = ConfigDict()
  config.mesh = {"shape": (int(kw["dp"]), int(kw["tp"])), "axes": ("data", "model")}
  config.model = {"name": "head", "in_dim": 8, "num_classes": 8}
  config.param_specs = {"kernel": (None, "model"), "bias": ("model",)}
  config.export = {"kernel": (None, None), "bias": (None,), "gathered": ("model",)}
  config.lr = 0.1
  config.steps = 2
  return config.lock()


def spec_of(entries, reduced=()):
  return P(*entries, reduced=set(reduced))


@registry.register("models.head")
def head_module(in_dim, num_classes):
  def init(rng):
    return {"kernel": 0.1 * jax.random.normal(rng, (in_dim, num_classes)),
            "bias": jnp.zeros((num_classes,))}
  return types.SimpleNamespace(init=init)


def make_step(config, mesh):
  specs = {k: spec_of(v) for k, v in config.param_specs.items()}

  def body(params, x, y):
    def loss_fn(p):
      z = x @ p["kernel"] + p["bias"]
      return jax.lax.psum(jnp.sum((z - y) ** 2), "model") / x.shape[0]
    loss, g = jax.value_and_grad(loss_fn)(params)
    g = jax.lax.pmean(g, "data")
    return jax.tree.map(lambda a, b: a - config.lr * b, params, g), jax.lax.pmean(loss, "data")

  return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(specs, P("data"), P("data", "model")),
                               out_specs=(specs, P())))


def export_params(params, config):
  out = {}
  for name, dims in config.export.items():
    if name == "gathered":
      continue
    out[name] = top_level_all_gather(params[name],
                                     spec_of(dims, config.export.get("reduced", ())))
  return out


def inputs():
  return (["train_export.py", "--config=dp=4,tp=2", "--config.steps=3"],)


def main(argv):
  FLAGS(argv, get_config)
  config = FLAGS.config
  mesh = jax.make_mesh(config.mesh.shape, config.mesh.axes)
  mc = config.model
  module = registry.get(f"models.{mc.name}")(mc.in_dim, mc.num_classes)
  rng = np.random.default_rng(3)
  with jax.set_mesh(mesh):
    params = module.init(jax.random.key(3))
    params = {k: jax.device_put(v, NamedSharding(mesh, spec_of(config.param_specs[k])))
              for k, v in params.items()}
    x = jax.device_put(rng.normal(size=(16, mc.in_dim)).astype(np.float32),
                       NamedSharding(mesh, P("data")))
    y = jax.device_put(rng.normal(size=(16, mc.num_classes)).astype(np.float32),
                       NamedSharding(mesh, P("data", "model")))
    step = make_step(config, mesh)
    for i in range(config.steps):
      params, loss = step(params, x, y)
      print(i, float(loss))
    exported = export_params(params, config)
  return {k: v.shape for k, v in exported.items()}


if __name__ == "__main__":
  main(*inputs())
