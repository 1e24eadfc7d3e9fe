"""big_vision/evaluators/proj/lite/fewshot_probe_export.py

Fits a closed-form few-shot linear probe (ridge regression on one-hot targets) with the
feature dimension split over `feat`, then exports the probe weights to the host for the
model card.
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
  kw = dict(kv.split("=") for kv in (arg or "shots=5,ways=4,l2=1.0").split(","))
  config = ConfigDict()
  config.mesh = {"shape": (2, 4), "axes": ("data", "feat")}
  config.fewshot = {"shots": int(kw["shots"]), "ways": int(kw["ways"]),
                    "l2": float(kw["l2"]), "dim": 8, "steps": 20, "lr": 0.1}
  config.sharding = {"examples": "data", "features": "feat"}
  config.export = {"axis": config.sharding.get_ref("examples")}
  return config.lock()


def make_fit(mesh, config):
  ex, fe = config.sharding.examples, config.sharding.features
  fc = config.fewshot

  def body(w, feats, targets):
    for _ in range(fc.steps):
      pred = jax.lax.psum(feats @ w, fe)
      grad = feats.T @ (pred - targets) / feats.shape[0]
      grad = jax.lax.pmean(grad, ex) + fc.l2 * w
      w = w - fc.lr * grad
    return w

  return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(P(fe), P(ex, fe), P(ex)),
                               out_specs=P(fe)))


def export_probe(w, config):
  return top_level_all_gather(w, P(None, None, reduced={config.export.axis}))


def inputs():
  return (["fewshot_probe_export.py", "--config=shots=5,ways=4,l2=1.0",
           "--config.fewshot.l2=0.01"],)


def main(argv):
  FLAGS(argv, get_config)
  config = FLAGS.config
  mesh = jax.make_mesh(config.mesh.shape, config.mesh.axes)
  fc, sh = config.fewshot, config.sharding
  rng = np.random.default_rng(15)
  n = fc.shots * fc.ways
  n += (-n) % 2
  labels = rng.integers(0, fc.ways, n)
  centers = rng.normal(size=(fc.ways, fc.dim)).astype(np.float32)
  feats = centers[labels] + 0.3 * rng.normal(size=(n, fc.dim)).astype(np.float32)
  targets = np.eye(fc.ways, dtype=np.float32)[labels]
  with jax.set_mesh(mesh):
    feats = jax.device_put(feats, NamedSharding(mesh, P(sh.examples, sh.features)))
    targets = jax.device_put(targets, NamedSharding(mesh, P(sh.examples)))
    w0 = jax.device_put(np.zeros((fc.dim, fc.ways), np.float32),
                        NamedSharding(mesh, P(sh.features)))
    w = make_fit(mesh, config)(w0, feats, targets)
    exported = export_probe(w, config)
    w_host = np.asarray(jax.device_get(exported))
  acc = float(((np.asarray(jax.device_get(feats)) @ w_host).argmax(1) == labels).mean())
  print({"train_acc": acc, "w_norm": float(np.linalg.norm(w_host))})
  return acc


if __name__ == "__main__":
  main(*inputs())
