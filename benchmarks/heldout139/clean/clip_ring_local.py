"""big_vision/trainers/proj/image_text/siglip_lite_local.py

Sigmoid contrastive loss with the text blocks passed around the `batch` ring. The embedding
dimension is split over `embed`; each device starts from its own (local) text block.
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
  kw = dict(kv.split("=") for kv in (arg or "dp=4,mp=2").split(","))
  config = ConfigDict()
  config.mesh = {"shape": (int(kw["dp"]), int(kw["mp"])), "axes": ("batch", "embed")}
  config.loss = {"t": 10.0, "b": -10.0}
  config.dim = 8
  return config.lock()


@registry.register("losses.sigmoid_ring_local")
def sigmoid_ring(zi, zt, lcfg, n_dev):
  perm = [(j, (j + 1) % n_dev) for j in range(n_dev)]
  me = jax.lax.axis_index("batch")
  block, total = zt, jnp.float32(0.0)
  for k in range(n_dev):
    logits = jax.lax.psum(zi @ block.T, "embed") * lcfg.t + lcfg.b
    positives = jnp.where((me - k) % n_dev == me, 2.0 * jnp.eye(zi.shape[0]) - 1.0, -1.0)
    total += -jnp.sum(jax.nn.log_sigmoid(positives * logits))
    if k + 1 < n_dev:
      block = jax.lax.ppermute(block, "batch", perm)
  return total / zi.shape[0]


def make_step(mesh, config):
  loss_fn = registry.get("losses.sigmoid_ring_local")
  n_dev = mesh.shape["batch"]

  def body(params, images, texts):
    def f(p):
      return loss_fn(images @ p["img"], texts @ p["txt"], config.loss, n_dev)
    loss, g = jax.value_and_grad(f)(params)
    g = jax.lax.pmean(g, "batch")
    return jax.tree.map(lambda a, b: a - 0.01 * b, params, g), jax.lax.pmean(loss, "batch")

  spec = {"img": P(None, "embed"), "txt": P(None, "embed")}
  return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(spec, P("batch"), P("batch")),
                               out_specs=(spec, P())))


def inputs():
  return (["siglip_lite_local.py", "--config=dp=4,mp=2"],)


def main(argv):
  FLAGS(argv, get_config)
  config = FLAGS.config
  mesh = jax.make_mesh(config.mesh.shape, config.mesh.axes)
  rng = np.random.default_rng(52)
  params = {k: 0.1 * rng.normal(size=(5, config.dim)).astype(np.float32) for k in ("img", "txt")}
  params = jax.device_put(params, NamedSharding(mesh, P(None, "embed")))
  data = NamedSharding(mesh, P("batch"))
  images = jax.device_put(rng.normal(size=(16, 5)).astype(np.float32), data)
  texts = jax.device_put(rng.normal(size=(16, 5)).astype(np.float32), data)
  step = make_step(mesh, config)
  losses = []
  for _ in range(2):
    params, loss = step(params, images, texts)
    losses.append(float(loss))
  print(losses)
  return losses


if __name__ == "__main__":
  main(*inputs())
