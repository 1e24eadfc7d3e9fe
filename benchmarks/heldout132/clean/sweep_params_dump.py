"""hpsweep/artifacts/params_dump.py: gather every trial's final weights for the sweep report.

Hydra-style config with launcher overrides (`sweep.dump_axes=...`); the weights of each trial
are split over `data` along their columns, trials over `trial`.
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

CONFIG = {
    "mesh": {"shape": [2, 4], "trial": "trial", "data": "data"},
    "params": {"spec": ["${mesh.trial}", None, "${mesh.data}"]},
    "sweep": {"dump_axes": ["${mesh.trial}"], "column_axis": "${mesh.data}"},
}


class ParamsDump:
    def __init__(self, cfg):
        self.column_axis = cfg["sweep"]["column_axis"]
        self.dump_axes = tuple(cfg["sweep"]["dump_axes"])

    def columns(self, w):
        return jax.lax.all_gather(w, self.column_axis, axis=2, tiled=True, to="reduced")

    def trials(self, w):
        return jax.lax.all_gather(w, self.dump_axes, axis=0, tiled=True, to="reduced")

    def body(self, w):
        return self.trials(self.columns(w))

    def spec(self):
        return P(None, None, None, reduced={self.column_axis, *self.dump_axes})


def dump(cfg, mesh, w):
    d = ParamsDump(cfg)
    fn = jax.shard_map(d.body, mesh=mesh, in_specs=P(*cfg["params"]["spec"]), out_specs=d.spec())
    return fn(jax.device_put(w, NamedSharding(mesh, P(*cfg["params"]["spec"]))))


def summarise(table):
    table = np.asarray(table)
    return {f"trial{i}": float(np.linalg.norm(t)) for i, t in enumerate(table)}


def inputs():
    rng = np.random.default_rng(37)
    w = rng.normal(size=(2, 5, 8)).astype(np.float32)
    return w, ["sweep.dump_axes=('trial',)"]


def main(w, overrides):
    cfg = compose(CONFIG, overrides)
    mesh = jax.make_mesh(tuple(cfg["mesh"]["shape"]), (cfg["mesh"]["trial"], cfg["mesh"]["data"]))
    table = dump(cfg, mesh, w)
    print(summarise(table))
    return table


if __name__ == "__main__":
    main(*inputs())
