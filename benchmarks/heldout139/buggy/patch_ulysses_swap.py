"""big_vision/models/proj/seqpar/ulysses_lite.py

Ulysses-style sequence parallelism for a ViT block: the patch tokens are split over
`seq`; before attention the layout is swapped with all_to_all so that every device holds
the whole sequence for a subset of heads. Keys can be made whole up front
(`config.attn.whole_keys`) for the relative-position bias.
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
  kw = dict(kv.split("=") for kv in (arg or "dp=2,sp=4,heads=4").split(","))
  config = ConfigDict()
  config.mesh = {"shape": (int(kw["dp"]), int(kw["sp"])), "axes": ("data", "seq")}
  config.attn = {"heads": int(kw["heads"]), "head_dim": 2, "whole_keys": True}
  config.tokens = 16
  return config.lock()


def seq_to_heads(x, axis):
  """[b, s/n, h, d] -> [b, s, h/n, d]"""
  return jax.lax.all_to_all(x, axis, split_axis=2, concat_axis=1, tiled=True)


def heads_to_seq(x, axis):
  return jax.lax.all_to_all(x, axis, split_axis=1, concat_axis=2, tiled=True)


def project(x, w, heads, head_dim):
  b, s, _ = x.shape
  return (x @ w).reshape(b, s, heads, head_dim)


@registry.register("layers.ulysses_attention")
def ulysses_attention(params, x, acfg, axis="seq"):
  q = project(x, params["q"], acfg.heads, acfg.head_dim)
  k = project(x, params["k"], acfg.heads, acfg.head_dim)
  v = project(x, params["v"], acfg.heads, acfg.head_dim)
  if acfg.whole_keys:
    k = jax.lax.all_gather(k, axis, axis=1, tiled=True, to="reduced")
  q, v = seq_to_heads(q, axis), seq_to_heads(v, axis)
  k = seq_to_heads(k, axis)
  att = jax.nn.softmax(jnp.einsum("bqhd,bkhd->bhqk", q, k) / np.sqrt(acfg.head_dim), axis=-1)
  out = jnp.einsum("bhqk,bkhd->bqhd", att, v)
  out = heads_to_seq(out, axis)
  return out.reshape(out.shape[0], out.shape[1], -1)


def make_block(mesh, config):
  attn = registry.get("layers.ulysses_attention")

  def body(params, x):
    return x + attn(params, x, config.attn)

  return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(P(), P("data", "seq")),
                               out_specs=P("data", "seq")))


def inputs():
  return (["ulysses_lite.py", "--config=dp=2,sp=4,heads=4"],)


def main(argv):
  FLAGS(argv, get_config)
  config = FLAGS.config
  mesh = jax.make_mesh(config.mesh.shape, config.mesh.axes)
  ac = config.attn
  width = ac.heads * ac.head_dim
  rng = np.random.default_rng(26)
  params = {k: (rng.normal(size=(width, width)) / np.sqrt(width)).astype(np.float32)
            for k in ("q", "k", "v")}
  params = jax.device_put(params, NamedSharding(mesh, P()))
  x = jax.device_put(rng.normal(size=(4, config.tokens, width)).astype(np.float32),
                     NamedSharding(mesh, P("data", "seq")))
  y = make_block(mesh, config)(params, x)
  stats = {"out_std": float(np.asarray(y).std()), "shape": tuple(y.shape)}
  print(stats)
  return stats


if __name__ == "__main__":
  main(*inputs())
