"""big_vision/evaluators/proj/lite/classification.py

Classification evaluator: top-1 accuracy over an eval split spread over all devices. The
counts are also gathered over the logging axis for the per-replica dashboard.
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
  config.model = {"name": "linear", "classes": 5}
  config.evals = {"val": {"type": "classification", "log_axis": "batch",
                          "data_axes": ("batch", "shard")}}
  return config.lock()


@registry.register("models.linear")
def linear_predict(params, x):
  return x @ params["w"] + params["b"]


@registry.register("evaluators.classification")
class Evaluator:
  def __init__(self, predict_fn, mesh, data_axes, log_axis):
    self.predict_fn, self.mesh = predict_fn, mesh
    self.data_axes, self.log_axis = tuple(data_axes), log_axis
    self._step = jax.jit(jax.shard_map(
        self._counts, mesh=mesh,
        in_specs=(P(), P(self.data_axes), P(self.data_axes)),
        out_specs=(P(), P(reduced={self.log_axis}))))

  def _counts(self, params, x, labels):
    logits = self.predict_fn(params, x)
    hit = (jnp.argmax(logits, axis=-1) == labels).astype(jnp.float32)
    counts = jax.lax.psum(jnp.stack([hit.sum(), jnp.float32(hit.shape[0])]), self.data_axes)
    per_replica = jax.lax.all_gather(counts, self.log_axis, to="reduced")
    return counts, per_replica

  def run(self, params, x, labels):
    counts, per_replica = self._step(params, x, labels)
    counts = np.asarray(counts)
    yield "prec@1", float(counts[0] / counts[1])
    yield "replicas", int(np.asarray(per_replica).shape[0])


def inputs():
  return (["eval_only.py", "--config=rows=2,cols=4"],)


def main(argv):
  FLAGS(argv, get_config)
  config = FLAGS.config
  mesh = jax.make_mesh(config.mesh.shape, config.mesh.axes)
  rng = np.random.default_rng(6)
  c = config.model.classes
  params = {"w": rng.normal(size=(4, c)).astype(np.float32),
            "b": np.zeros((c,), np.float32)}
  params = jax.device_put(params, NamedSharding(mesh, P()))
  predict = registry.get(f"models.{config.model.name}")
  results = {}
  for name, ecfg in config.evals.items():
    evaluator_cls = registry.get(f"evaluators.{ecfg.type}")
    data = NamedSharding(mesh, P(tuple(ecfg.data_axes)))
    x = jax.device_put(rng.normal(size=(32, 4)).astype(np.float32), data)
    labels = jax.device_put(rng.integers(0, c, 32).astype(np.int32), data)
    evaluator = evaluator_cls(predict, mesh, ecfg.data_axes, ecfg.log_axis)
    for metric, value in evaluator.run(params, x, labels):
      results[f"{name}/{metric}"] = value
  print(results)
  return results


if __name__ == "__main__":
  main(*inputs())
