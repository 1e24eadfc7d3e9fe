"""kdist/teacher/partition_cache.py: cache the teacher's softmax normaliser for offline KD.

Hydra-style dict config: the normaliser's reduction and the cache gather are `_partial_`
collectives from the config, interpolating the mesh node's axis names.
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
    "mesh": {"shape": [2, 4], "dp": "dp", "tp": "tp"},
    "teacher": {"vocab": 32, "spec": ["${mesh.dp}", None]},
    "normalise": {"_target_": "jax.lax.psum", "_partial_": True, "axis_name": "${mesh.tp}"},
    "cache": {"_target_": "jax.lax.all_gather", "_partial_": True, "axis_name": "${mesh.tp}",
              "axis": 0, "tiled": False, "to": "reduced"},
    "cache_spec": {"reduced": ["${mesh.tp}"]},
}


class PartitionCache:
    def __init__(self, cfg):
        self.normalise = instantiate(cfg["normalise"])
        self.cache = instantiate(cfg["cache"])
        self.tp = cfg["mesh"]["tp"]
        self.dp = cfg["mesh"]["dp"]
        self.reduced = set(cfg["cache_spec"]["reduced"])

    def body(self, h, w_teacher):
        logits = h @ w_teacher
        peak = jax.lax.pmax(jnp.max(logits, axis=-1), self.tp)
        z = self.normalise(jnp.sum(jnp.exp(logits - peak[:, None]), axis=-1))
        log_z = jnp.log(z) + peak
        return self.cache(log_z)

    def build(self, mesh):
        return jax.shard_map(self.body, mesh=mesh, in_specs=(P(self.dp, None), P(None, self.tp)),
                             out_specs=P(None, self.dp, reduced=self.reduced))


def inputs():
    rng = np.random.default_rng(18)
    h = rng.normal(size=(8, 12)).astype(np.float32)
    w = rng.normal(size=(12, 32)).astype(np.float32) * 0.3
    return h, w, []


def main(h, w, overrides):
    cfg = compose(CONFIG, overrides)
    mesh = jax.make_mesh(tuple(cfg["mesh"]["shape"]), (cfg["mesh"]["dp"], cfg["mesh"]["tp"]))
    cache = PartitionCache(cfg)
    h = jax.device_put(h, NamedSharding(mesh, P(cfg["mesh"]["dp"], None)))
    w = jax.device_put(w, NamedSharding(mesh, P(None, cfg["mesh"]["tp"])))
    log_z = cache.build(mesh)(h, w)
    print("cached log Z", np.asarray(log_z).shape)
    return log_z


if __name__ == "__main__":
    main(*inputs())
