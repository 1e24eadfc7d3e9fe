"""big_vision/trainers/proj/image_text/clip_lite_norms.py

CLIP-style contrastive step (image/text towers reduced to linear projections). The
embedding dimension is split over `embed`; the per-example embedding norms are logged
next to the loss, gathered over the axis named in `config.log.norm_axis`.
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
  kw = dict(kv.split("=") for kv in (arg or "dp=4,mp=2,dim=8").split(","))
  config = ConfigDict()
  config.mesh = {"shape": (int(kw["dp"]), int(kw["mp"])), "axes": ("batch", "embed")}
  config.dim = int(kw["dim"])
  config.batch_axis, config.embed_axis = "batch", "embed"
  config.log = {"norm_axis": "batch"}
  config.temperature = 0.1
  return config.lock()


@registry.register("models.two_towers")
def two_towers(params, images, texts):
  return images @ params["img"], texts @ params["txt"]


def sq_norms(z, embed_axis):
  return jax.lax.psum(jnp.sum(z * z, axis=-1), embed_axis)


def make_step(mesh, config):
  ba, ea = config.batch_axis, config.embed_axis
  towers = registry.get("models.two_towers")

  def body(params, images, texts):
    zi, zt = towers(params, images, texts)
    ni, nt = sq_norms(zi, ea), sq_norms(zt, ea)
    zi, zt = zi * jax.lax.rsqrt(ni)[:, None], zt * jax.lax.rsqrt(nt)[:, None]
    all_t = jax.lax.all_gather(zt, ba, axis=0, tiled=True)
    logits = jax.lax.psum(zi @ all_t.T, ea) / config.temperature
    idx = jax.lax.axis_index(ba) * zi.shape[0] + jnp.arange(zi.shape[0])
    loss = -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), idx[:, None], 1))
    norm_log = jax.lax.all_gather(jnp.sqrt(ni), config.log.norm_axis, tiled=True, to="reduced")
    return jax.lax.pmean(loss, ba), norm_log

  return jax.jit(jax.shard_map(
      body, mesh=mesh,
      in_specs=({"img": P(None, ea), "txt": P(None, ea)}, P(ba), P(ba)),
      out_specs=(P(), P(None, reduced={config.log.norm_axis}))))


def inputs():
  return (["clip_lite_norms.py", "--config=dp=4,mp=2,dim=8", "--config.log.norm_axis=embed"],)


def main(argv):
  FLAGS(argv, get_config)
  config = FLAGS.config
  mesh = jax.make_mesh(config.mesh.shape, config.mesh.axes)
  rng = np.random.default_rng(18)
  ea, ba = config.embed_axis, config.batch_axis
  params = {k: rng.normal(size=(5, config.dim)).astype(np.float32) for k in ("img", "txt")}
  params = jax.device_put(params, NamedSharding(mesh, P(None, ea)))
  images = jax.device_put(rng.normal(size=(16, 5)).astype(np.float32), NamedSharding(mesh, P(ba)))
  texts = jax.device_put(rng.normal(size=(16, 5)).astype(np.float32), NamedSharding(mesh, P(ba)))
  loss, norms = make_step(mesh, config)(params, images, texts)
  summary = {"loss": float(loss), "norm_mean": float(np.asarray(jax.device_get(norms)).mean())}
  print(summary)
  return summary


if __name__ == "__main__":
  main(*inputs())
