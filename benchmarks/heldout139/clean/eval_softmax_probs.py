"""big_vision/evaluators/proj/lite/mean_probs.py

Evaluator reporting the mean predicted probability of each class (a cheap prior-shift
monitor). The logits of a class-sharded head are assembled per example first.
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
  kw = dict(kv.split("=") for kv in (arg or "rows=2,cols=4").split(","))
  config = ConfigDict()
  config.mesh = {"shape": (int(kw["rows"]), int(kw["cols"])), "axes": ("batch", "shard")}
  config.classes = 8
  config.evals = {"prior": {"type": "mean_probs", "class_axis": "shard",
                            "batch_axis": "batch", "temperature": 1.0}}
  return config.lock()


@registry.register("evaluators.mean_probs")
class MeanProbs:
  def __init__(self, mesh, ecfg):
    self.cfg = ecfg
    ca, ba = ecfg.class_axis, ecfg.batch_axis
    self._fn = jax.jit(jax.shard_map(
        self.probs_sum, mesh=mesh, in_specs=(P(None, ca), P(ba)),
        out_specs=P()))

  def full_logits(self, w, x):
    z = x @ w
    return jax.lax.all_gather(z, self.cfg.class_axis, axis=1, tiled=True, to="invarying")

  def probs_sum(self, w, x):
    z = self.full_logits(w, x)
    probs = jax.nn.softmax(z, axis=-1)
    return jax.lax.psum(probs.sum(axis=0), self.cfg.batch_axis)

  def run(self, w, x, n):
    totals = np.asarray(jax.device_get(self._fn(w, x)))
    mean = totals / n
    yield "max_prior", float(mean.max())
    yield "min_prior", float(mean.min())


def inputs():
  return (["eval_prior.py", "--config=rows=2,cols=4"],)


def main(argv):
  FLAGS(argv, get_config)
  config = FLAGS.config
  mesh = jax.make_mesh(config.mesh.shape, config.mesh.axes)
  rng = np.random.default_rng(11)
  w = rng.normal(size=(6, config.classes)).astype(np.float32)
  x = rng.normal(size=(16, 6)).astype(np.float32)
  results = {}
  for name, ecfg in config.evals.items():
    ev = registry.get(f"evaluators.{ecfg.type}")(mesh, ecfg)
    w_d = jax.device_put(w, NamedSharding(mesh, P(None, ecfg.class_axis)))
    x_d = jax.device_put(x, NamedSharding(mesh, P(ecfg.batch_axis)))
    for metric, value in ev.run(w_d, x_d, x.shape[0]):
      results[f"{name}/{metric}"] = value
  print(results)
  return results


if __name__ == "__main__":
  main(*inputs())
