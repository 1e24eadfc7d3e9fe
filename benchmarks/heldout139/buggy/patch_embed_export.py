"""big_vision/tools/proj/seqpar/export_patch_embed.py

Initialises a ViT patch-embedding kernel laid out for the sequence-parallel trainer
(output width split over `seq`), fine-tunes it for a few steps on a reconstruction
objective and hands the whole kernel to the checkpoint writer.
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
  kw = dict(kv.split("=") for kv in (arg or "dp=2,sp=4,width=8").split(","))
  config = ConfigDict()
  config.mesh = {"shape": (int(kw["dp"]), int(kw["sp"])), "axes": ("data", "seq")}
  config.patch, config.width = 2, int(kw["width"])
  config.kernel_spec = (None, "seq")
  config.ckpt = {"spec": (None, None), "reduced": ("seq",), "path": "/tmp/embed.npz"}
  config.steps, config.lr = 3, 0.05
  return config.lock()


def make_mesh(config):
  return jax.make_mesh(config.mesh.shape, config.mesh.axes)


def init_kernel(mesh, config):
  k = 0.1 * np.random.default_rng(27).normal(size=(config.patch ** 2 * 3, config.width))
  return jax.device_put(k.astype(np.float32), NamedSharding(mesh, P(*config.kernel_spec)))


def make_update(mesh, config):
  def body(k, patches):
    def loss(k):
      z = patches @ k
      rec = jax.lax.psum(z @ k.T, "seq")
      return jnp.mean((rec - patches) ** 2)
    l, g = jax.value_and_grad(loss)(k)
    return k - config.lr * jax.lax.pmean(g, "data"), jax.lax.pmean(l, "data")

  return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(P(*config.kernel_spec), P("data")),
                               out_specs=(P(*config.kernel_spec), P())))


def finetune(config):
  mesh = make_mesh(config)
  patches = np.random.default_rng(28).normal(size=(8, config.patch ** 2 * 3))
  with jax.set_mesh(mesh):
    k = init_kernel(mesh, config)
    x = jax.device_put(patches.astype(np.float32), NamedSharding(mesh, P("data")))
    update = make_update(mesh, config)
    for _ in range(config.steps):
      k, l = update(k, x)
  return k, float(l)


def checkpoint(k, config):
  ck = config.ckpt
  whole = top_level_all_gather(k, P(*ck.spec, reduced=set(ck.reduced)))
  return {"embedding/kernel": np.asarray(jax.device_get(whole))}


def inputs():
  return (["export_patch_embed.py", "--config=dp=2,sp=4,width=8", "--config.steps=2"],)


def main(argv):
  FLAGS(argv, get_config)
  config = FLAGS.config
  k, last_loss = finetune(config)
  saved = checkpoint(k, config)
  print(last_loss, {n: a.shape for n, a in saved.items()})
  return saved


if __name__ == "__main__":
  main(*inputs())
