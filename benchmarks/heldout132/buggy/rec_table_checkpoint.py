"""recsys/checkpoint/table_writer.py: write the embedding table after the sparse update.

gin-style recipe (pasted `conf_lite`): the table rows are split over both mesh axes (table
major), and the writer gathers the batch sub-split only, keeping one row block per table shard.
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
from jax._src.shard_map import top_level_all_gather
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

RECIPE = """
BATCH = 'batch'
TABLE = 'table'
rec_mesh.shape = (2, 4)
rec_mesh.axes = (%BATCH, %TABLE)
TableState.row_axes = (%TABLE, %BATCH)
TableWriter.keep_axis = %BATCH
TableWriter.gather_axis = %TABLE
sparse_update.lr = 0.5
"""


@configurable
def rec_mesh(shape=(8,), axes=("batch",)):
    return jax.make_mesh(shape, axes)


@configurable
class TableState:
    def __init__(self, mesh, row_axes=()):
        self.sharding = NamedSharding(mesh, P(tuple(row_axes), None))


@configurable
def sparse_update(table, ids, grads, lr=0.1):
    rows = jax.nn.one_hot(ids, table.shape[0], dtype=table.dtype)
    return table - lr * (rows.T @ grads)


@configurable
class TableWriter:
    def __init__(self, keep_axis=None, gather_axis=None):
        self.spec = P(keep_axis, None, reduced={gather_axis})
        self.files = {}

    def save(self, step, table):
        host_view = top_level_all_gather(table, self.spec)
        self.files[f"table-{step:05d}"] = np.asarray(host_view).copy()
        return host_view


def inputs():
    rng = np.random.default_rng(33)
    table = rng.normal(size=(32, 4)).astype(np.float32)
    ids = rng.integers(0, 32, size=6).astype(np.int32)
    grads = rng.normal(size=(6, 4)).astype(np.float32)
    return table, ids, grads


def main(table, ids, grads):
    parse_config(RECIPE)
    mesh = rec_mesh()
    state = TableState(mesh)
    table = jax.device_put(table, state.sharding)
    update = jax.jit(sparse_update, out_shardings=state.sharding)
    writer = TableWriter()
    with jax.set_mesh(mesh):
        table = update(table, ids, grads)
        writer.save(1, table)
    print(sorted(writer.files))
    return table


if __name__ == "__main__":
    main(*inputs())
