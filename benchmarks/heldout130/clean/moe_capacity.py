"""moe/routing/capacity.py — expert capacity from the busiest shard's token counts.

Imagined `moetp` repo on a data-parallel router. Top-1 assignments are counted per expert; the
counts of every shard are kept (gathered reduced, for the load report) and the capacity factor is
set by the largest count over the shards.
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


class Top1Router(Module):
    w: jax.Array
    num_experts: int = field(static=True, default=4)
    token_axis: str = field(static=True, default="data")

    @classmethod
    def init(cls, key, d_model, num_experts):
        return cls(w=jax.random.normal(key, (d_model, num_experts)), num_experts=num_experts)

    def counts(self, x):
        choice = jnp.argmax(x @ self.w, axis=-1)
        return jnp.sum(jax.nn.one_hot(choice, self.num_experts), axis=0)


class CapacityPlanner(Module):
    router: Top1Router
    slack: float = field(static=True, default=1.25)

    def __call__(self, x):
        axis = self.router.token_axis
        local = self.router.counts(x)
        per_shard = jax.lax.all_gather(local, axis, to="reduced")
        busiest = jax.lax.pmax(local, axis)
        return per_shard, jnp.max(busiest)


def plan(planner, mesh, x):
    axis = planner.router.token_axis
    fn = jax.shard_map(CapacityPlanner.__call__, mesh=mesh, in_specs=(P(), P(axis, None)),
                       out_specs=(P(None, None, reduced={axis}), P()))
    per_shard, busiest = fn(planner, x)
    return per_shard, int(np.ceil(float(busiest) * planner.slack))


def inputs():
    mesh = jax.make_mesh((8,), ("data",))
    k1, k2 = jax.random.split(jax.random.PRNGKey(62))
    planner = CapacityPlanner(Top1Router.init(k1, 5, 4))
    x = np.asarray(jax.random.normal(k2, (64, 5)), np.float32)
    return mesh, planner, x


def main(mesh, planner, x):
    with jax.set_mesh(mesh):
        placed = jax.tree.map(lambda a: jax.device_put(a, NamedSharding(mesh, P())), planner)
        xs = jax.device_put(x, NamedSharding(mesh, P("data", None)))
        per_shard, capacity = plan(placed, mesh, xs)
    print("expert capacity per shard:", capacity)


if __name__ == "__main__":
    main(*inputs())
