"""big_vision/models/proj/seqpar/vit_lite_stats.py

Sequence-parallel ViT stem followed by a LayerNorm; the step also reports the mean token
activation energy across the whole mesh (the "stem health" scalar of the dashboard).
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
  kw = dict(kv.split("=") for kv in (arg or "dp=2,sp=4,width=8").split(","))
  config = ConfigDict()
  config.mesh = {"shape": (int(kw["dp"]), int(kw["sp"])), "axes": ("data", "seq")}
  config.model = {"width": int(kw["width"]), "patch": 4, "image": 16, "eps": 1e-6}
  config.stats = {"axes": FieldReference(lambda: config.mesh.axes)}
  return config.lock()


def patchify(images, p):
  n, h, w, c = images.shape
  x = images.reshape(n, h // p, p, w // p, p, c).transpose(0, 1, 3, 2, 4, 5)
  return x.reshape(n, (h // p) * (w // p), p * p * c)


def layer_norm(x, eps):
  mu = x.mean(-1, keepdims=True)
  var = ((x - mu) ** 2).mean(-1, keepdims=True)
  return (x - mu) * jax.lax.rsqrt(var + eps)


@registry.register("models.stem_ln")
def stem_ln(params, patches, mcfg):
  return layer_norm(patches @ params["embed"] + params["bias"], mcfg.eps)


def token_energy(tok, seq_axis="seq"):
  per_example = jax.lax.psum(jnp.sum(tok * tok, axis=(1, 2)), seq_axis)
  return jnp.mean(per_example)


def make_forward(mesh, config):
  stem = registry.get("models.stem_ln")

  def body(params, patches):
    tok = stem(params, patches, config.model)
    energy = jax.lax.pmean(token_energy(tok), config.stats.axes)
    return tok, energy

  return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(P(), P("data", "seq")),
                               out_specs=(P("data", "seq"), P())))


def inputs():
  return (["vit_lite_stats.py", "--config=dp=2,sp=4,width=8"],)


def main(argv):
  FLAGS(argv, get_config)
  config = FLAGS.config
  mesh = jax.make_mesh(config.mesh.shape, config.mesh.axes)
  mc = config.model
  rng = np.random.default_rng(29)
  params = {"embed": (0.1 * rng.normal(size=(mc.patch ** 2 * 3, mc.width))).astype(np.float32),
            "bias": np.zeros((mc.width,), np.float32)}
  params = jax.device_put(params, NamedSharding(mesh, P()))
  images = rng.normal(size=(4, mc.image, mc.image, 3)).astype(np.float32)
  patches = jax.device_put(patchify(images, mc.patch), NamedSharding(mesh, P("data", "seq")))
  tok, energy = make_forward(mesh, config)(params, patches)
  stats = {"energy": float(energy), "tokens": tuple(tok.shape)}
  print(stats)
  return stats


if __name__ == "__main__":
  main(*inputs())
