"""transformer/blocks/memory_tokens.py — a cross-batch memory token appended to every sequence.

Imagined `headsplit` repo on a data-parallel mesh. Each example's mean token is gathered from
every device (kept reduced so the gradient is summed back) and averaged into one memory token.
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


class LayerNorm(Module):
    scale: jax.Array
    eps: float = field(static=True, default=1e-6)

    def __call__(self, x):
        mu = jnp.mean(x, axis=-1, keepdims=True)
        var = jnp.mean((x - mu) ** 2, axis=-1, keepdims=True)
        return (x - mu) / jnp.sqrt(var + self.eps) * self.scale


class MemoryBlock(Module):
    norm: LayerNorm
    w_mem: jax.Array
    batch_axis: str = field(static=True, default="data")

    @classmethod
    def init(cls, key, d_model):
        return cls(norm=LayerNorm(jnp.ones((d_model,))),
                   w_mem=jax.random.normal(key, (d_model, d_model)) / np.sqrt(d_model))

    def memory(self, x):
        summary = jnp.mean(self.norm(x), axis=1)
        pool = jax.lax.all_gather(summary, self.batch_axis, axis=0, tiled=True, to="reduced")
        return jnp.mean(pool, axis=0)

    def __call__(self, x):
        mem = self.memory(x) @ self.w_mem
        mem = jnp.broadcast_to(mem, (x.shape[0], 1, x.shape[2]))
        return jnp.concatenate([x, mem], axis=1)


def with_memory(block, mesh, x):
    a = block.batch_axis
    fn = jax.shard_map(lambda b, xb: b(xb), mesh=mesh, in_specs=(P(), P(a, None, None)),
                       out_specs=P(a, None, None))
    return fn(block, x)


def inputs():
    mesh = jax.make_mesh((8,), ("data",))
    k1, k2 = jax.random.split(jax.random.PRNGKey(25))
    block = MemoryBlock.init(k1, 6)
    x = np.asarray(jax.random.normal(k2, (16, 7, 6)), np.float32)
    return mesh, block, x


def main(mesh, block, x):
    with jax.set_mesh(mesh):
        placed = jax.tree.map(lambda a: jax.device_put(a, NamedSharding(mesh, P())), block)
        xs = jax.device_put(x, NamedSharding(mesh, P("data", None, None)))
        y = np.asarray(jax.device_get(with_memory(placed, mesh, xs)))
    print("with memory token:", y.shape)
    print("memory token (example 0): %s" % np.round(y[0, -1, :4], 3))


if __name__ == "__main__":
    main(*inputs())
