"""big_vision/trainers/proj/distill_lite/distill_step.py

Knowledge-distillation step: a frozen teacher head (classes split over `model`) provides
soft targets at temperature T; the student is a small replicated head trained on them.
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
  arg = arg or "T=2.0,dp=4"
  kw = dict(kv.split("=") for kv in arg.split(","))
  config = ConfigDict()
  config.mesh = {"shape": (int(kw.get("dp", 4)), 2), "axes": ("data", "model")}
  config.temperature = float(kw.get("T", 1.0))
  config.teacher = {"name": "teacher_head", "classes": 8, "shard_axis": "model"}
  config.student = {"name": "student_head", "classes": 8}
  config.width = 6
  config.lr = 0.05
  return config.lock()


@registry.register("models.teacher_head")
def teacher_logits(w, x, shard_axis):
  local = x @ w
  return jax.lax.all_gather(local, shard_axis, axis=1, tiled=True, to="reduced")


@registry.register("models.student_head")
def student_logits(w, x):
  return x @ w


def soft_targets(t_logits, temperature):
  scaled = t_logits / temperature
  return jax.nn.softmax(scaled, axis=-1)


def make_distill_step(config, mesh):
  tcfg = config.teacher
  teacher = registry.get(f"models.{tcfg.name}")
  student = registry.get(f"models.{config.student.name}")

  def body(tw, sw, x):
    t = teacher(tw, x, tcfg.shard_axis)
    targets = soft_targets(t, config.temperature)

    def loss_fn(sw):
      logp = jax.nn.log_softmax(student(sw, x) / config.temperature)
      return -jnp.mean(jnp.sum(jax.lax.stop_gradient(targets) * logp, axis=-1))

    loss, g = jax.value_and_grad(loss_fn)(sw)
    g = jax.lax.pmean(g, "data")
    return sw - config.lr * g, jax.lax.pmean(loss, "data")

  return jax.jit(jax.shard_map(
      body, mesh=mesh,
      in_specs=(P(None, tcfg.shard_axis), P(), P("data")),
      out_specs=(P(), P())))


def inputs():
  return (["distill_step.py", "--config=T=2.0,dp=4", "--config.lr=0.1"],)


def main(argv):
  FLAGS(argv, get_config)
  config = FLAGS.config
  mesh = jax.make_mesh(config.mesh.shape, config.mesh.axes)
  rng = np.random.default_rng(5)
  d, c = config.width, config.teacher.classes
  tw = jax.device_put(rng.normal(size=(d, c)).astype(np.float32),
                      NamedSharding(mesh, P(None, config.teacher.shard_axis)))
  sw = jax.device_put(np.zeros((d, config.student.classes), np.float32),
                      NamedSharding(mesh, P()))
  x = jax.device_put(rng.normal(size=(16, d)).astype(np.float32),
                     NamedSharding(mesh, P("data")))
  step = make_distill_step(config, mesh)
  losses = []
  for i in range(3):
    sw, loss = step(tw, sw, x)
    losses.append(float(loss))
  print(losses)
  return losses


if __name__ == "__main__":
  main(*inputs())
