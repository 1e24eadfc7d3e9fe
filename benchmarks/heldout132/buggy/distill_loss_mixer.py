"""kdist/train/loss_mixer.py: mix the hard-label and the KD loss, summed over the whole mesh.

gin-style bindings (pasted `conf_lite`): the reduction applied to every loss term is bound
(`LossMixer.reduce_fn`, called with `axis_name=`), as are the loss weights.
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

KD_RECIPE = """
DP = 'dp'
TP = 'tp'
ALL = (%DP, %TP)
kd_mesh.shape = (2, 4)
kd_mesh.axes = %ALL
LossMixer.weights = {'hard': 0.3, 'kd': 0.7}
LossMixer.reduce_fn = @jax.lax.psum
LossMixer.reduce_axes = %ALL
LossMixer.vocab_axis = %TP
"""


@configurable
def kd_mesh(shape=(8,), axes=("dp",)):
    return jax.make_mesh(shape, axes)


@configurable
class LossMixer:
    def __init__(self, weights=None, reduce_fn=None, reduce_axes=(), vocab_axis="tp"):
        self.weights = weights or {}
        self.reduce_fn = reduce_fn
        self.reduce_axes = reduce_axes
        self.vocab_axis = vocab_axis

    def terms(self, s_logits, t_probs, onehot):
        s_max = jax.lax.pmax(jnp.max(s_logits, axis=-1, keepdims=True), self.vocab_axis)
        s_shift = s_logits - s_max
        s_lz = jnp.log(jax.lax.psum(jnp.sum(jnp.exp(s_shift), axis=-1), self.vocab_axis))
        hard = s_lz - jax.lax.psum(jnp.sum(s_shift * onehot, axis=-1), self.vocab_axis)
        kd = -jnp.sum(t_probs * s_shift, axis=-1)
        return {"hard": hard, "kd": kd}

    def __call__(self, s_logits, t_probs, onehot):
        terms = self.terms(s_logits, t_probs, onehot)
        total = 0.0
        for name, value in terms.items():
            total = total + self.weights[name] * self.reduce_fn(jnp.sum(value), axis_name=self.reduce_axes)
        return total


def inputs():
    rng = np.random.default_rng(22)
    s = rng.normal(size=(8, 16)).astype(np.float32)
    t = np.exp(rng.normal(size=(8, 16))).astype(np.float32)
    t = t / t.sum(axis=-1, keepdims=True)
    onehot = np.eye(16, dtype=np.float32)[rng.integers(0, 16, size=8)]
    return s, t, onehot


def main(s, t, onehot):
    parse_config(KD_RECIPE)
    mesh = kd_mesh()
    mixer = LossMixer()
    spec = P("dp", "tp")
    sh = NamedSharding(mesh, spec)
    fn = jax.shard_map(mixer, mesh=mesh, in_specs=(spec, spec, spec), out_specs=P())
    loss = fn(*(jax.device_put(a, sh) for a in (s, t, onehot)))
    print("mixed loss", float(loss))
    return loss


if __name__ == "__main__":
    main(*inputs())
