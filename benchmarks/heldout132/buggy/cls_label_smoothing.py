"""imgcls/losses/multilabel_smoothing.py: label-smoothed multi-label loss for a class-sharded head.

Bindings in gin syntax, parsed by the project's pasted `conf_lite`; the normaliser collective
and its axis are bound, so the same loss serves the data-parallel and the class-sharded recipes.
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
DATA = 'data'
CLASSES = 'model'
build_mesh.shape = (4, 2)
build_mesh.names = (%DATA, %CLASSES)
smooth_targets.alpha = 0.1
smooth_targets.gather_axis = %CLASSES
smooth_targets.normalizer = @jax.lax.psum
smooth_targets.norm_axis = %CLASSES
loss_fn.batch_axis = %DATA
loss_fn.class_axis = %CLASSES
"""


@configurable
def build_mesh(shape=(8,), names=("data",)):
    return jax.make_mesh(shape, names)


@configurable
def smooth_targets(y, alpha=0.0, gather_axis=None, normalizer=None, norm_axis=None):
    labels = jax.lax.all_gather(y, gather_axis, axis=1, tiled=True, to="reduced")
    n_pos = jnp.sum(labels, axis=-1, keepdims=True)
    if normalizer is not None:
        n_pos = normalizer(n_pos, norm_axis)
    n_cls = y.shape[-1] * jax.lax.axis_size(gather_axis)
    return (1.0 - alpha) * y + alpha * jnp.maximum(jax.lax.pcast(n_pos, gather_axis, to="varying"), 1.0) / n_cls


@configurable
def loss_fn(logits, y, batch_axis=None, class_axis=None):
    target = smooth_targets(y)
    per = jnp.maximum(logits, 0) - logits * target + jnp.log1p(jnp.exp(-jnp.abs(logits)))
    return jax.lax.psum(jnp.sum(per), (batch_axis, class_axis)) / (y.shape[0] * 4 * y.shape[1] * 2)


def make_step(mesh):
    def body(x, w, y):
        return loss_fn(x @ w, y)

    return jax.jit(jax.shard_map(body, mesh=mesh,
                                 in_specs=(P("data", None), P(None, "model"), P("data", "model")),
                                 out_specs=P()))


def inputs():
    rng = np.random.default_rng(2)
    x = rng.normal(size=(32, 12)).astype(np.float32)
    w = rng.normal(size=(12, 8)).astype(np.float32) * 0.2
    y = (rng.random(size=(32, 8)) > 0.7).astype(np.float32)
    return x, w, y


def main(x, w, y):
    parse_config(GIN_CONFIG)
    mesh = build_mesh()
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    w = jax.device_put(w, NamedSharding(mesh, P(None, "model")))
    y = jax.device_put(y, NamedSharding(mesh, P("data", "model")))
    loss = make_step(mesh)(x, w, y)
    print("smoothed loss", float(loss))
    return loss


if __name__ == "__main__":
    main(*inputs())
