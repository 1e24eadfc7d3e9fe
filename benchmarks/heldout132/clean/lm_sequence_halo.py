"""lmtrain/pretrain/layers/causal_conv.py: short causal convolution with the sequence split over `tensor`.

Hydra-style config: the halo exchange is a `_partial_` `jax.lax.ppermute` whose axis and
permutation come from the config; the loss is summed over every mesh axis.
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
    "mesh": {"shape": [2, 4], "axes": ["fsdp", "tensor"]},
    "conv": {"width": 3, "seq_axis": "${mesh.axes.1}", "batch_axis": "${mesh.axes.0}"},
    "halo": {"_target_": "jax.lax.ppermute", "_partial_": True, "axis_name": "${conv.seq_axis}",
             "perm": [[0, 1], [1, 2], [2, 3]]},
}


def build(cfg, mesh):
    conv = cfg["conv"]
    halo = instantiate(cfg["halo"])
    halo = functools.partial(halo.func, **{**halo.keywords,
                                           "perm": [tuple(p) for p in halo.keywords["perm"]]})
    width = conv["width"]

    def body(x, kernel):
        left = halo(x[:, -(width - 1):])
        padded = jnp.concatenate([left, x], axis=1)
        out = sum(kernel[k] * padded[:, k:k + x.shape[1]] for k in range(width))
        loss = jax.lax.psum(jnp.sum(out ** 2), (conv["batch_axis"], conv["seq_axis"]))
        return out, loss

    spec = P(conv["batch_axis"], conv["seq_axis"])
    return jax.shard_map(body, mesh=mesh, in_specs=(spec, P()), out_specs=(spec, P()))


def reference(x, kernel):
    padded = np.concatenate([np.zeros((x.shape[0], len(kernel) - 1), x.dtype), x], axis=1)
    return sum(kernel[k] * padded[:, k:k + x.shape[1]] for k in range(len(kernel)))


def inputs():
    rng = np.random.default_rng(43)
    return rng.normal(size=(4, 16)).astype(np.float32), np.array([0.25, 0.5, 1.0], np.float32), []


def main(x, kernel, overrides):
    cfg = compose(CONFIG, overrides)
    mesh = jax.make_mesh(tuple(cfg["mesh"]["shape"]), tuple(cfg["mesh"]["axes"]))
    spec = P(cfg["conv"]["batch_axis"], cfg["conv"]["seq_axis"])
    out, loss = build(cfg, mesh)(jax.device_put(x, NamedSharding(mesh, spec)),
                                 jax.device_put(kernel, NamedSharding(mesh, P())))
    print("max err", float(np.abs(np.asarray(out) - reference(x, kernel)).max()), "loss", float(loss))
    return out


if __name__ == "__main__":
    main(*inputs())
