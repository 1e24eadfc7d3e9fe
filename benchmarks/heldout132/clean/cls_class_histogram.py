"""imgcls/trainer/hooks/class_histogram.py: per-class prediction mass logged every train step.

Configured with gin-style bindings (the project's `conf_lite` copy, no gin dependency on the
cluster image); the hook's axes come from the bindings.
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
MODEL = 'model'
make_mesh.shape = (4, 2)
make_mesh.axis_names = (%DATA, %MODEL)
train_step.batch_spec = (%DATA, None)
train_step.weight_spec = (None, %MODEL)
train_step.loss_axes = (%DATA, %MODEL)
ClassHistogram.count_axis = %DATA
ClassHistogram.log_axis = %MODEL     # one row per class shard in the logs
train_step.hooks = [@ClassHistogram()]
"""


@configurable
def make_mesh(shape=(8,), axis_names=("data",)):
    return jax.make_mesh(shape, axis_names)


@configurable
class ClassHistogram:
    def __init__(self, count_axis="data", log_axis="model"):
        self.count_axis = count_axis
        self.log_axis = log_axis

    @property
    def out_spec(self):
        return P(None, None, reduced={self.log_axis})

    def __call__(self, probs):
        mass = jnp.sum(probs, axis=0)
        counts = jax.lax.psum(mass, self.count_axis)
        return jax.lax.all_gather(counts, self.log_axis, to="reduced")


def forward(x, w):
    return jax.nn.sigmoid(x @ w)


@configurable
def train_step(mesh, x, w, y, batch_spec=(None,), weight_spec=(None,), loss_axes=(), hooks=()):
    def body(x, w, y):
        probs = forward(x, w)
        loss = jax.lax.psum(jnp.sum((probs - y) ** 2), loss_axes)
        logs = tuple(hook(probs) for hook in hooks)
        return loss, logs

    out_specs = (P(), tuple(hook.out_spec for hook in hooks))
    step = jax.shard_map(body, mesh=mesh,
                         in_specs=(P(*batch_spec), P(*weight_spec), P(batch_spec[0], weight_spec[1])),
                         out_specs=out_specs)
    return step(x, w, y)


def inputs():
    rng = np.random.default_rng(0)
    x = rng.normal(size=(32, 16)).astype(np.float32)
    w = rng.normal(size=(16, 8)).astype(np.float32) * 0.1
    y = (rng.random(size=(32, 8)) > 0.5).astype(np.float32)
    return x, w, y


def main(x, w, y):
    parse_config(GIN_CONFIG)
    mesh = make_mesh()
    x = jax.device_put(x, NamedSharding(mesh, P(*query_parameter("train_step.batch_spec"))))
    w = jax.device_put(w, NamedSharding(mesh, P(*query_parameter("train_step.weight_spec"))))
    y = jax.device_put(y, NamedSharding(mesh, P("data", "model")))
    loss, logs = train_step(mesh, x, w, y)
    print("loss", float(loss), "hist", [np.asarray(h).shape for h in logs])
    return loss


if __name__ == "__main__":
    main(*inputs())
