"""imgcls/eval/calibration.py: expected calibration error over the whole eval batch.

gin-style bindings (pasted `conf_lite`); the gather that assembles the eval batch is bound
(`gather_to`) so the same class serves the debug dump, which wants the reduced layout.
"""
import ast
import copy
import functools
import importlib
import re
import sys

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---- conf_lite: gin-style bindings + hydra-style dict configs (pasted from tools/conf_lite.py) ----
_REGISTRY = {}
_BINDINGS = {}
_MACROS = {}


class _Ref:
    def __init__(self, name, call=False):
        self.name, self.call = name, call

    def resolve(self):
        obj = _locate(self.name)
        return obj() if self.call else obj


def _value(v):
    if isinstance(v, _Ref):
        return v.resolve()
    if isinstance(v, (list, tuple)):
        return type(v)(_value(x) for x in v)
    if isinstance(v, dict):
        return {k: _value(x) for k, x in v.items()}
    return v


def configurable(obj=None, *, name=None):
    """Register `obj` by name; keyword arguments it is not given come from the bindings."""
    def wrap(target):
        key = name or target.__name__
        if isinstance(target, type):
            init = target.__init__

            @functools.wraps(init)
            def bound_init(self, *args, **kwargs):
                init(self, *args, **{**_bound(key), **kwargs})
            target.__init__ = bound_init
            _REGISTRY[key] = target
            return target

        @functools.wraps(target)
        def bound(*args, **kwargs):
            return target(*args, **{**_bound(key), **kwargs})
        _REGISTRY[key] = bound
        return bound
    return wrap(obj) if obj is not None else wrap


def _bound(key):
    return {param: _value(v) for (scope, param), v in _BINDINGS.items() if scope == key}


def parse_config(text):
    """gin-like lines: `scope.param = value`, `MACRO = value`, `@Name`, `@Name()`, `%MACRO`."""
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        lhs, rhs = (part.strip() for part in line.split("=", 1))
        rhs = re.sub(r"@([\w.]+)(\(\))?", lambda m: f"_Ref({m.group(1)!r}, {bool(m.group(2))})", rhs)
        rhs = re.sub(r"%(\w+)", lambda m: f"_M[{m.group(1)!r}]", rhs)
        value = eval(rhs, {"__builtins__": {}, "_Ref": _Ref, "_M": _MACROS})
        if "." in lhs:
            scope, param = lhs.rsplit(".", 1)
            _BINDINGS[(scope, param)] = value
        else:
            _MACROS[lhs] = value


def query_parameter(key):
    scope, param = key.rsplit(".", 1)
    return _value(_BINDINGS[(scope, param)])


_INTERP = re.compile(r"\$\{([\w.]+)\}")


def compose(base, overrides=()):
    """Hydra-like: deep copy, apply `a.b=value` overrides, resolve ${a.b} interpolations."""
    cfg = copy.deepcopy(base)
    for item in overrides:
        dotted, raw = item.split("=", 1)
        *path, leaf = dotted.split(".")
        node = cfg
        for part in path:
            node = node.setdefault(part, {})
        try:
            node[leaf] = ast.literal_eval(raw)
        except (ValueError, SyntaxError):
            node[leaf] = raw
    return _resolve(cfg, cfg)


def _select(root, dotted):
    node = root
    for part in dotted.split("."):
        node = node[int(part)] if isinstance(node, list) else node[part]
    return node


def _resolve(node, root):
    if isinstance(node, dict):
        return {k: _resolve(v, root) for k, v in node.items()}
    if isinstance(node, list):
        return [_resolve(v, root) for v in node]
    if isinstance(node, str):
        whole = _INTERP.fullmatch(node)
        if whole:
            return _resolve(_select(root, whole.group(1)), root)
        return _INTERP.sub(lambda m: str(_resolve(_select(root, m.group(1)), root)), node)
    return node


def _locate(path):
    if path in _REGISTRY:
        return _REGISTRY[path]
    module, _, attr = path.rpartition(".")
    if module in ("", "__main__", __name__):
        here = sys.modules.get(__name__)
        return getattr(here, attr) if here is not None and hasattr(here, attr) else globals()[attr]
    return getattr(importlib.import_module(module), attr)


def instantiate(cfg, **extra):
    """Build `_target_` nodes depth first; `_partial_: True` gives a functools.partial."""
    if isinstance(cfg, list):
        return [instantiate(v) for v in cfg]
    if not isinstance(cfg, dict):
        return cfg
    kwargs = {k: instantiate(v) for k, v in cfg.items() if not k.startswith("_")}
    if "_target_" not in cfg:
        return kwargs
    kwargs.update(extra)
    target = _locate(cfg["_target_"])
    if cfg.get("_partial_"):
        return functools.partial(target, **kwargs)
    return target(**kwargs)
# ---- end conf_lite ----

GIN_CONFIG = """
EVAL_AXES = ('data', 'model')
Calibration.mesh_shape = (4, 2)
Calibration.axes = %EVAL_AXES
Calibration.gather_axis = 'data'
Calibration.gather_to = 'invarying'
Calibration.eps = 1e-4
Calibration.n_bins = 5
"""


@configurable
class Calibration:
    def __init__(self, mesh_shape=(8,), axes=("data",), gather_axis="data", gather_to="varying",
                 eps=1e-6, n_bins=10):
        self.mesh = jax.make_mesh(mesh_shape, axes)
        self.gather_axis = gather_axis
        self.gather_to = gather_to
        self.eps = eps
        self.edges = np.linspace(0.0, 1.0, n_bins + 1).astype(np.float32)

    def out_spec(self):
        if self.gather_to == "reduced":
            return P(None, "model", reduced={self.gather_axis})
        return P(None, "model")

    def per_bin(self, probs):
        everything = jax.lax.all_gather(probs, self.gather_axis, axis=0, tiled=True, to=self.gather_to)
        conf = jnp.clip(everything, self.eps, 1.0 - self.eps)
        lo, hi = self.edges[:-1], self.edges[1:]
        inside = (conf[..., None] > lo) & (conf[..., None] <= hi)
        return jnp.sum(inside.astype(jnp.float32), axis=0)

    def run(self, probs):
        fn = jax.shard_map(self.per_bin, mesh=self.mesh, in_specs=P("data", "model"),
                           out_specs=self.out_spec())
        return fn(jax.device_put(probs, NamedSharding(self.mesh, P("data", "model"))))


def inputs():
    rng = np.random.default_rng(5)
    logits = rng.normal(size=(32, 8)).astype(np.float32)
    return (1.0 / (1.0 + np.exp(-logits)),)


def main(probs):
    parse_config(GIN_CONFIG)
    calib = Calibration()
    counts = calib.run(probs)
    print("bin counts", np.asarray(counts).sum(axis=0))
    return counts


if __name__ == "__main__":
    main(*inputs())
