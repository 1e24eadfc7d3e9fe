"""evalkit/loops/confusion.py: confusion matrix accumulated by the sharded evaluation loop.

gin-style recipe (pasted `conf_lite`); the loop runs a bound list of reducers over the
per-device counts, so a recipe chooses what is summed and what is kept for the logs.
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

EVAL_RECIPE = """
REPLICA = 'replica'
SHARD = 'shard'
EvalLoop.mesh_shape = (4, 2)
EvalLoop.mesh_axes = (%REPLICA, %SHARD)
EvalLoop.class_axis = %SHARD
EvalLoop.reducers = [@sum_over_replicas, @keep_for_log]
sum_over_replicas.axis = %REPLICA
keep_for_log.axis = %REPLICA
"""


@configurable
def sum_over_replicas(counts, axis="replica"):
    return jax.lax.psum(counts, axis)


@configurable
def keep_for_log(counts, axis="replica"):
    return jax.lax.all_gather(counts, axis, axis=0, tiled=True, to="reduced")


@configurable
class EvalLoop:
    def __init__(self, mesh_shape=(8,), mesh_axes=("replica",), class_axis=None, reducers=()):
        self.mesh = jax.make_mesh(mesh_shape, mesh_axes)
        self.class_axis = class_axis
        self.reducers = list(reducers)

    def counts(self, pred_onehot, label_onehot):
        return label_onehot.T @ pred_onehot

    def body(self, pred_onehot, label_onehot):
        c = self.counts(pred_onehot, label_onehot)
        for reduce in self.reducers:
            c = reduce(c)
        return c

    def run(self, batches):
        spec = P("replica", self.class_axis)
        fn = jax.jit(jax.shard_map(self.body, mesh=self.mesh, in_specs=(P("replica", None), spec),
                                   out_specs=P(None, self.class_axis, reduced={"replica"})))
        total = 0
        for preds, labels in batches:
            put = lambda a, s: jax.device_put(a, NamedSharding(self.mesh, s))
            total = total + np.asarray(fn(put(preds, P("replica", None)), put(labels, spec)))
        return total


def batches(n, rng):
    for _ in range(n):
        p = np.eye(6, dtype=np.float32)[rng.integers(0, 6, size=16)]
        y = np.eye(4, dtype=np.float32)[rng.integers(0, 4, size=16)]
        yield p, y


def inputs():
    return (2, 12)


def main(n_batches, seed):
    parse_config(EVAL_RECIPE)
    loop = EvalLoop()
    cm = loop.run(batches(n_batches, np.random.default_rng(seed)))
    print("confusion", cm.shape, cm.sum())
    return cm


if __name__ == "__main__":
    main(*inputs())
