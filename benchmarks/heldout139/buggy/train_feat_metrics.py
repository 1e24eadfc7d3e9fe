"""big_vision/trainers/proj/tp_lite/train_mlp_metrics.py

Two-layer MLP probe with a model-sharded hidden layer (column- then row-parallel). Training
metrics are looked up in the registry by name from `config.metrics`.
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
  arg = arg or "S,dp=4"
  variant, *rest = arg.split(",")
  kw = dict(r.split("=") for r in rest)
  config = ConfigDict()
  config.variant = variant
  config.width = {"S": 16, "B": 32}[variant]
  config.mesh = {"shape": (int(kw.get("dp", 4)), 2), "axes": ("data", "model")}
  config.hidden_axis = "model"
  config.batch_axis = "data"
  config.metrics = ("metrics.feature_norm", "metrics.logit_max")
  config.keep_features = True
  config.lr = 0.1
  return config.lock()


@registry.register("metrics.feature_norm")
def feature_norm(aux, config):
  sq = jnp.sum(aux["feats"] * aux["feats"], axis=1)
  return jax.lax.pmean(jnp.mean(jax.lax.psum(sq, config.hidden_axis)), config.batch_axis)


@registry.register("metrics.logit_max")
def logit_max(aux, config):
  return jax.lax.pmax(jnp.max(aux["logits"]), config.batch_axis)


def mlp_local(params, x, config):
  h = jax.nn.gelu(x @ params["w1"])
  logits = jax.lax.psum(h @ params["w2"], config.hidden_axis)
  return h, logits


def make_step(config, mesh):
  ha, ba = config.hidden_axis, config.batch_axis
  metric_fns = {name: registry.get(name) for name in config.metrics}

  def body(params, x, y):
    def loss_fn(p):
      h, logits = mlp_local(p, x, config)
      loss = jnp.mean((logits - y) ** 2)
      return loss, {"feats": h, "logits": logits}

    (loss, aux), g = jax.value_and_grad(loss_fn, has_aux=True)(params)
    g = jax.tree.map(lambda t: jax.lax.pmean(t, ba), g)
    params = jax.tree.map(lambda p, d: p - config.lr * d, params, g)
    if config.keep_features:
      aux["feats"] = jax.lax.all_gather(aux["feats"], ha, axis=1, tiled=True, to="reduced")
    measured = {name.split(".")[1]: fn(aux, config) for name, fn in metric_fns.items()}
    return params, jax.lax.pmean(loss, ba), measured, aux["feats"]

  pspec = {"w1": P(None, ha), "w2": P(ha, None)}
  return jax.jit(jax.shard_map(
      body, mesh=mesh, in_specs=(pspec, P(ba), P(ba)),
      out_specs=(pspec, P(), P(), P(ba, None, reduced={ha}))))


def inputs():
  return (["train_mlp_metrics.py", "--config=S,dp=4", "--config.lr=0.02"],)


def main(argv):
  FLAGS(argv, get_config)
  config = FLAGS.config
  mesh = jax.make_mesh(config.mesh.shape, config.mesh.axes)
  rng = np.random.default_rng(2)
  w = config.width
  params = {"w1": rng.normal(size=(8, w)).astype(np.float32) * 0.3,
            "w2": rng.normal(size=(w, 4)).astype(np.float32) * 0.3}
  params = jax.device_put(params, {"w1": NamedSharding(mesh, P(None, config.hidden_axis)),
                                   "w2": NamedSharding(mesh, P(config.hidden_axis, None))})
  x = jax.device_put(rng.normal(size=(16, 8)).astype(np.float32),
                     NamedSharding(mesh, P(config.batch_axis)))
  y = jax.device_put(rng.normal(size=(16, 4)).astype(np.float32),
                     NamedSharding(mesh, P(config.batch_axis)))
  step = make_step(config, mesh)
  for i in range(3):
    params, loss, measured, feats = step(params, x, y)
    print(i, float(loss), {k: float(v) for k, v in measured.items()})
  return feats.shape


if __name__ == "__main__":
  main(*inputs())
