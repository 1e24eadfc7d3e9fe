"""big_vision/trainers/proj/ema_lite/ema_eval.py

Evaluates with the EMA weights instead of the online ones. Parameter rows are split over
`fsdp`; `config.ema.eval_params` picks the whole (gathered) EMA copy for evaluation. The
evaluator also reports the L1 size of the evaluated weights.
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
  kw = dict(kv.split("=") for kv in (arg or "replicas=2,fsdp=4").split(","))
  config = ConfigDict()
  config.mesh = {"shape": (int(kw["replicas"]), int(kw["fsdp"])), "axes": ("replica", "fsdp")}
  config.ema = {"decay": 0.99, "eval_params": "whole_ema"}
  config.shard_axis, config.data_axis = "fsdp", "replica"
  return config.lock()


PARAM_VIEWS = {}


def view(name):
  def deco(fn):
    PARAM_VIEWS[name] = fn
    return fn
  return deco


@view("online")
def online_view(w, ema, axis):
  return w


@view("ema")
def ema_view(w, ema, axis):
  return ema


@view("whole_ema")
def whole_ema_view(w, ema, axis):
  return jax.lax.all_gather(ema, axis, axis=0, tiled=True, to="reduced")


@registry.register("evaluators.regression")
def make_evaluator(mesh, config):
  sa, da = config.shard_axis, config.data_axis
  pick = PARAM_VIEWS[config.ema.eval_params]

  def body(w, ema, x, y):
    p = pick(w, ema, sa)
    l1 = jax.lax.psum(jnp.sum(jnp.abs(p)), sa)
    if p.shape[0] == x.shape[1]:
      pred = jax.lax.psum(x @ p, sa)
    else:
      pred = jax.lax.all_gather(x, sa, axis=1, tiled=True) @ p
    err = jnp.mean((pred - y) ** 2)
    return jax.lax.pmean(err, da), l1

  return jax.jit(jax.shard_map(
      body, mesh=mesh, in_specs=(P(sa), P(sa), P(da, sa), P(da)), out_specs=(P(), P())))


def inputs():
  return (["ema_eval.py", "--config=replicas=2,fsdp=4"],)


def main(argv):
  FLAGS(argv, get_config)
  config = FLAGS.config
  mesh = jax.make_mesh(config.mesh.shape, config.mesh.axes)
  sa, da = config.shard_axis, config.data_axis
  rng = np.random.default_rng(33)
  w = rng.normal(size=(8, 2)).astype(np.float32)
  ema = (config.ema.decay * w + 0.01).astype(np.float32)
  x = rng.normal(size=(16, 8)).astype(np.float32)
  put = lambda a, spec: jax.device_put(a, NamedSharding(mesh, spec))
  evaluate = registry.get("evaluators.regression")(mesh, config)
  err, l1 = evaluate(put(w, P(sa)), put(ema, P(sa)), put(x, P(da, sa)), put(x @ w, P(da)))
  out = {"mse": float(err), "l1": float(l1)}
  print(out)
  return out


if __name__ == "__main__":
  main(*inputs())
