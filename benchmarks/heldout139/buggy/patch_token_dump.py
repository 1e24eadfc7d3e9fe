"""big_vision/tools/proj/seqpar/dump_tokens.py

Dumps the patch tokens of a sequence-parallel ViT stem for the attention-map notebook.
Each example's sequence is made whole first (it is split over `seq`), then every example
of the batch is collected according to `config.dump.collect`.
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
  kw = dict(kv.split("=") for kv in (arg or "dp=2,sp=4,width=6").split(","))
  config = ConfigDict()
  config.mesh = {"shape": (int(kw["dp"]), int(kw["sp"])), "axes": ("data", "seq")}
  config.model = {"width": int(kw["width"]), "patch": 4, "image": 16}
  config.dump = {"collect": "all", "max_examples": 4}
  return config.lock()


COLLECT_AXES = {"local": (), "data": ("data",), "all": ("data", "seq")}


def patchify(images, p):
  n, h, w, c = images.shape
  x = images.reshape(n, h // p, p, w // p, p, c).transpose(0, 1, 3, 2, 4, 5)
  return x.reshape(n, (h // p) * (w // p), p * p * c)


def whole_sequence(tok):
  return jax.lax.all_gather(tok, "seq", axis=1, tiled=True, to="reduced")


def collect(tok, how):
  axes = COLLECT_AXES[how]
  if not axes:
    return tok
  return jax.lax.all_gather(tok, axes, axis=0, tiled=True, to="reduced")


def make_dump(mesh, config):
  how = config.dump.collect

  def body(w, patches):
    tok = jax.nn.gelu(patches @ w)
    return collect(whole_sequence(tok), how)

  out = P(None, None, None, reduced={"seq", *COLLECT_AXES[how]})
  return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(P(), P("data", "seq")),
                               out_specs=out))


def inputs():
  return (["dump_tokens.py", "--config=dp=2,sp=4,width=6", "--config.dump.max_examples=2"],)


def main(argv):
  FLAGS(argv, get_config)
  config = FLAGS.config
  mesh = jax.make_mesh(config.mesh.shape, config.mesh.axes)
  mc = config.model
  rng = np.random.default_rng(25)
  images = rng.normal(size=(4, mc.image, mc.image, 3)).astype(np.float32)
  w = rng.normal(size=(mc.patch * mc.patch * 3, mc.width)).astype(np.float32) * 0.1
  patches = jax.device_put(patchify(images, mc.patch), NamedSharding(mesh, P("data", "seq")))
  tokens = make_dump(mesh, config)(jax.device_put(w, NamedSharding(mesh, P())), patches)
  host = np.asarray(jax.device_get(tokens))[:config.dump.max_examples]
  record = {f"ex{i}": host[i] for i in range(host.shape[0])}
  print({k: v.shape for k, v in record.items()})
  return record


if __name__ == "__main__":
  main(*inputs())
