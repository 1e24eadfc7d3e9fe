"""transformer/losses/z_loss.py — the z-loss auxiliary term of a head-split attention block.

Imagined `headsplit` repo. The block output is summed over the head shards (`model`); the z-loss
of the output logits is then totalled over the whole mesh and normalised on the host.
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


class MeshAxes(Module):
    data: str = field(static=True, default="data")
    model: str = field(static=True, default="model")

    def all(self):
        return (self.data, self.model)


class Block(Module):
    wv: jax.Array
    wo: jax.Array
    unembed: jax.Array
    axes: MeshAxes = field(static=True, default=MeshAxes())

    @classmethod
    def init(cls, key, d_model, heads, head_dim, vocab):
        ks = jax.random.split(key, 3)
        s = 1.0 / np.sqrt(d_model)
        return cls(wv=jax.random.normal(ks[0], (d_model, heads, head_dim)) * s,
                   wo=jax.random.normal(ks[1], (heads, head_dim, d_model)) * s,
                   unembed=jax.random.normal(ks[2], (d_model, vocab)) * s)

    def specs(self):
        m = self.axes.model
        return dataclasses.replace(self, wv=P(None, m, None), wo=P(m, None, None), unembed=P())

    def __call__(self, x):
        v = jnp.einsum("btd,dhk->bthk", x, self.wv)
        mixed = jnp.cumsum(v, axis=1) / jnp.arange(1, x.shape[1] + 1)[None, :, None, None]
        out = jnp.einsum("bthk,hkd->btd", mixed, self.wo)
        return x + jax.lax.psum(out, self.axes.model)

    def z_loss(self, x):
        logits = self(x) @ self.unembed
        z = jax.nn.logsumexp(logits, axis=-1)
        return jax.lax.psum(jnp.sum(z * z), axis_name=self.axes.all())


def total_z_loss(block, mesh, x):
    fn = jax.shard_map(Block.z_loss, mesh=mesh, in_specs=(block.specs(), P(block.axes.data, None, None)),
                       out_specs=P())
    return fn(block, x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    k1, k2 = jax.random.split(jax.random.PRNGKey(24))
    block = Block.init(k1, 8, 4, 2, 11)
    x = np.asarray(jax.random.normal(k2, (4, 5, 8)), np.float32)
    return mesh, block, x


def main(mesh, block, x):
    with jax.set_mesh(mesh):
        placed = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), block, block.specs())
        xs = jax.device_put(x, NamedSharding(mesh, P("data", None, None)))
        total = jax.jit(total_z_loss, static_argnums=1)(placed, mesh, xs)
    tokens = x.shape[0] * x.shape[1]
    print("z-loss per token: %.4f" % (float(total) / tokens))


if __name__ == "__main__":
    main(*inputs())
