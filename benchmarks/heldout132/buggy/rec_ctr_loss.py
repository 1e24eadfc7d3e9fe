"""recsys/train/ctr_loss.py: click-through log loss of a two-tower model with a dim-split table.

gin-style bindings (pasted `conf_lite`): the loss synchronisation is bound (`CTRLoss.sync`
with `CTRLoss.sync_axes`) so that the data-parallel job and this one share the loss class.
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
BATCH = 'batch'
TABLE = 'table'
MESH = (%BATCH, %TABLE)
rec_mesh.shape = (2, 4)
rec_mesh.axes = %MESH
CTRLoss.dim_axis = %TABLE
CTRLoss.sync = @jax.lax.pmean
CTRLoss.sync_axes = %MESH
CTRLoss.pos_weight = 2.0
"""


@configurable
def rec_mesh(shape=(8,), axes=("batch",)):
    return jax.make_mesh(shape, axes)


@configurable
class CTRLoss:
    def __init__(self, dim_axis="table", sync=None, sync_axes=(), pos_weight=1.0):
        self.dim_axis = dim_axis
        self.sync = sync
        self.sync_axes = sync_axes
        self.pos_weight = pos_weight

    def logits(self, user, item):
        return jax.lax.psum(jnp.sum(user * item, axis=-1), self.dim_axis)

    def __call__(self, user, item, clicks):
        z = self.logits(user, item)
        log_p = jax.nn.log_sigmoid(z)
        log_not_p = jax.nn.log_sigmoid(-z)
        nll = -(self.pos_weight * clicks * log_p + (1.0 - clicks) * log_not_p)
        return self.sync(jnp.mean(nll), axis_name=self.sync_axes)


def make_step(mesh, loss_fn):
    def body(user, item, clicks):
        return loss_fn(user, item, clicks)

    return jax.jit(jax.shard_map(body, mesh=mesh,
                                 in_specs=(P("batch", "table"), P("batch", "table"), P("batch")),
                                 out_specs=P()))


def inputs():
    rng = np.random.default_rng(34)
    user = rng.normal(size=(16, 8)).astype(np.float32) * 0.4
    item = rng.normal(size=(16, 8)).astype(np.float32) * 0.4
    clicks = (rng.random(size=16) > 0.8).astype(np.float32)
    return user, item, clicks


def main(user, item, clicks):
    parse_config(RECIPE)
    mesh = rec_mesh()
    two = NamedSharding(mesh, P("batch", "table"))
    loss = make_step(mesh, CTRLoss())(jax.device_put(user, two), jax.device_put(item, two),
                                      jax.device_put(clicks, NamedSharding(mesh, P("batch"))))
    print("ctr log loss", float(loss))
    return loss


if __name__ == "__main__":
    main(*inputs())
