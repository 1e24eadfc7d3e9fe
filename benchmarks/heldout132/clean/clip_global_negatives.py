"""contrastive/train/global_negatives.py: image-text loss against the negatives of every device.

gin-style recipe (pasted `conf_lite`). The negatives are gathered over the batch axis with the
bound layout; the mean-norm monitor is a bound reducer applied to whatever the step gathered.
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
EMBED = 'embed'
clip_mesh.shape = (4, 2)
clip_mesh.axes = (%BATCH, %EMBED)
GlobalNegatives.batch_axis = %BATCH
GlobalNegatives.embed_axis = %EMBED
GlobalNegatives.gather_to = 'varying'
GlobalNegatives.monitor = @mean_norm
mean_norm.axis = %BATCH
"""


@configurable
def clip_mesh(shape=(8,), axes=("batch",)):
    return jax.make_mesh(shape, axes)


@configurable
def mean_norm(sq_norms, axis="batch"):
    n = sq_norms.shape[0] * jax.lax.axis_size(axis)
    return jax.lax.psum(jnp.sum(sq_norms), axis) / n


@configurable
class GlobalNegatives:
    def __init__(self, batch_axis="batch", embed_axis="embed", gather_to="varying", monitor=None):
        self.batch_axis = batch_axis
        self.embed_axis = embed_axis
        self.gather_to = gather_to
        self.monitor = monitor

    def body(self, img, txt):
        negatives = jax.lax.all_gather(img, self.batch_axis, axis=0, tiled=True, to=self.gather_to)
        sim = jax.lax.psum(txt @ negatives.T, self.embed_axis)
        labels = jnp.arange(txt.shape[0]) + jax.lax.axis_index(self.batch_axis) * txt.shape[0]
        lse = jax.nn.logsumexp(sim, axis=-1)
        picked = jnp.take_along_axis(sim, labels[:, None], axis=-1)[:, 0]
        loss = jax.lax.pmean(jnp.mean(lse - picked), self.batch_axis)
        norm_sq = jax.lax.psum(jnp.sum(negatives * negatives, axis=-1), self.embed_axis)
        return loss, self.monitor(norm_sq)

    def __call__(self, mesh, img, txt):
        spec = P(self.batch_axis, self.embed_axis)
        fn = jax.shard_map(self.body, mesh=mesh, in_specs=(spec, spec), out_specs=(P(), P()))
        sh = NamedSharding(mesh, spec)
        return fn(jax.device_put(img, sh), jax.device_put(txt, sh))


def inputs():
    rng = np.random.default_rng(26)
    return rng.normal(size=(16, 8)).astype(np.float32), rng.normal(size=(16, 8)).astype(np.float32)


def main(img, txt):
    parse_config(RECIPE)
    mesh = clip_mesh()
    loss, norm = GlobalNegatives()(mesh, img, txt)
    print("loss", float(loss), "negatives' mean sq norm", float(norm))
    return loss


if __name__ == "__main__":
    main(*inputs())
