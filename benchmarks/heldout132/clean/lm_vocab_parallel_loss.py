"""lmtrain/pretrain/losses/vocab_parallel.py: cross entropy with the vocabulary split over `tensor`.

gin-style (pasted `conf_lite`): the loss reducer and the axes it reduces over are bound in the
recipe, next to the mesh, so the data-parallel baseline can reuse the function unchanged.
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

RECIPE = """
MESH_AXES = ('fsdp', 'tensor')
VocabParallelCE.mesh_shape = (2, 4)
VocabParallelCE.mesh_axes = %MESH_AXES
VocabParallelCE.vocab_axis = 'tensor'
VocabParallelCE.reducer = @jax.lax.pmean
VocabParallelCE.reduce_axes = ('fsdp',)
"""


@configurable
class VocabParallelCE:
    def __init__(self, mesh_shape=(8,), mesh_axes=("data",), vocab_axis="tensor", reducer=None,
                 reduce_axes=()):
        self.mesh = jax.make_mesh(mesh_shape, mesh_axes)
        self.vocab_axis = vocab_axis
        self.reducer = reducer
        self.reduce_axes = reduce_axes

    def token_losses(self, logits, onehot):
        top = jax.lax.pmax(jax.lax.stop_gradient(jnp.max(logits, axis=-1)), self.vocab_axis)
        shifted = logits - top[:, None]
        denom = jax.lax.psum(jnp.sum(jnp.exp(shifted), axis=-1), self.vocab_axis)
        picked = jax.lax.psum(jnp.sum(shifted * onehot, axis=-1), self.vocab_axis)
        return jnp.log(denom) - picked

    def body(self, h, w, onehot):
        per_token = self.token_losses(h @ w, onehot)
        return self.reducer(jnp.mean(per_token), self.reduce_axes)

    def __call__(self, h, w, onehot):
        fn = jax.shard_map(self.body, mesh=self.mesh,
                           in_specs=(P("fsdp", None), P(None, self.vocab_axis), P("fsdp", self.vocab_axis)),
                           out_specs=P())
        put = lambda a, s: jax.device_put(a, NamedSharding(self.mesh, s))
        return fn(put(h, P("fsdp", None)), put(w, P(None, self.vocab_axis)),
                  put(onehot, P("fsdp", self.vocab_axis)))


def inputs():
    rng = np.random.default_rng(10)
    h = rng.normal(size=(16, 8)).astype(np.float32)
    w = rng.normal(size=(8, 64)).astype(np.float32) * 0.2
    ids = rng.integers(0, 64, size=16)
    return h, w, np.eye(64, dtype=np.float32)[ids]


def main(h, w, onehot):
    parse_config(RECIPE)
    loss = VocabParallelCE()(h, w, onehot)
    print("ce", float(loss))
    return loss


if __name__ == "__main__":
    main(*inputs())
