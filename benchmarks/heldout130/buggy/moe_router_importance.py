"""moe/monitoring/importance.py — router importance per expert, logged on every expert shard.

Imagined `moetp` repo: a mixture-of-experts layer with experts split over `expert` and tokens
over `data`. The router is replicated; importance is the router probability mass per expert.
"""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---------------------------------------------------------------------------------------------
# eqx_lite: the bits of Equinox this repo uses, written out by hand (equinox is not a dependency)
# ---------------------------------------------------------------------------------------------


def field(*, static=False, **kwargs):
    """A dataclass field; static=True keeps it out of the pytree leaves (axis names, sizes)."""
    metadata = dict(kwargs.pop("metadata", None) or {})
    metadata["static"] = static
    return dataclasses.field(metadata=metadata, **kwargs)


def is_array(x):
    return isinstance(x, (jax.Array, np.ndarray, np.generic))


class Module:
    """Subclasses become frozen dataclasses registered as pytrees."""

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        dataclasses.dataclass(frozen=True)(cls)
        names = [f.name for f in dataclasses.fields(cls)]
        static = tuple(n for n in names if cls.__dataclass_fields__[n].metadata.get("static"))
        dynamic = tuple(n for n in names if n not in static)

        def flatten(m):
            return tuple(getattr(m, n) for n in dynamic), tuple(getattr(m, n) for n in static)

        def unflatten(aux, children):
            m = object.__new__(cls)
            for n, v in zip(dynamic, children):
                object.__setattr__(m, n, v)
            for n, v in zip(static, aux):
                object.__setattr__(m, n, v)
            return m

        jax.tree_util.register_pytree_node(cls, flatten, unflatten)


def partition(tree, filter_spec):
    keep = jax.tree.map(lambda x: x if filter_spec(x) else None, tree)
    rest = jax.tree.map(lambda x: None if filter_spec(x) else x, tree)
    return keep, rest


def combine(a, b):
    return jax.tree.map(lambda x, y: y if x is None else x, a, b, is_leaf=lambda x: x is None)


def filter_jit(fn):
    """jit over the array leaves of the arguments; everything else is static."""
    cache = {}

    @functools.wraps(fn)
    def wrapper(*args):
        arrays, other = partition(args, is_array)
        leaves, treedef = jax.tree.flatten(other)
        key = (treedef, tuple(leaves))
        if key not in cache:
            cache[key] = jax.jit(lambda a: fn(*combine(a, other)))
        return cache[key](arrays)

    return wrapper


def tree_at(where, tree, replace):
    """Functional update of one attribute path, e.g. tree_at(lambda m: m.fc.weight, model, w)."""
    path = []

    class _Probe:
        def __getattr__(self, name):
            path.append(name)
            return self

    where(_Probe())

    def _set(node, names):
        if not names:
            return replace
        head, *rest = names
        return dataclasses.replace(node, **{head: _set(getattr(node, head), rest)})

    return _set(tree, path)


# ---------------------------------------------------------------------------------------------


class MoEConfig(Module):
    data_axis: str = field(static=True, default="data")
    expert_axis: str = field(static=True, default="expert")
    num_experts: int = field(static=True, default=8)


class Router(Module):
    w: jax.Array
    cfg: MoEConfig = field(static=True, default=MoEConfig())

    @classmethod
    def init(cls, key, d_model, cfg=MoEConfig()):
        return cls(w=jax.random.normal(key, (d_model, cfg.num_experts)) * 0.1, cfg=cfg)

    def __call__(self, x):
        return jax.nn.softmax(x @ self.w, axis=-1)


class ImportanceLogger(Module):
    router: Router

    def __call__(self, x):
        cfg = self.router.cfg
        probs = self.router(x)
        importance = jax.lax.psum(jnp.sum(probs, axis=0), cfg.data_axis)
        cv = jnp.std(importance) / jnp.mean(importance)
        logged = jax.lax.all_gather(importance, cfg.expert_axis, to="reduced")
        return cv, logged


def log_importance(logger, mesh, x):
    cfg = logger.router.cfg
    fn = jax.shard_map(ImportanceLogger.__call__, mesh=mesh, in_specs=(P(), P(cfg.data_axis, None)),
                       out_specs=(P(), P(None, None, reduced={cfg.expert_axis})))
    return fn(logger, x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("data", "expert"))
    k1, k2 = jax.random.split(jax.random.PRNGKey(60))
    logger = ImportanceLogger(Router.init(k1, 12))
    x = np.asarray(jax.random.normal(k2, (32, 12)), np.float32)
    return mesh, logger, x


def main(mesh, logger, x):
    with jax.set_mesh(mesh):
        placed = jax.tree.map(lambda a: jax.device_put(a, NamedSharding(mesh, P())), logger)
        xs = jax.device_put(x, NamedSharding(mesh, P("data", None)))
        cv, logged = log_importance(placed, mesh, xs)
    print("importance CV: %.4f" % float(cv))


if __name__ == "__main__":
    main(*inputs())
