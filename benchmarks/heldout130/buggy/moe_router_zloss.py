"""moe/losses/router_z_loss.py — the router z-loss of a mixture-of-experts layer (ST-MoE).

Imagined `moetp` repo. Router logits are computed from the local tokens with a replicated
router; the z-loss is summed over every device of the layer's mesh and normalised by the number
of tokens on the host.
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


class LayerAxes(Module):
    tokens: str = field(static=True, default="data")
    experts: str = field(static=True, default="expert")


class MoELayer(Module):
    router: jax.Array
    experts: jax.Array
    axes: LayerAxes = field(static=True, default=LayerAxes())

    @classmethod
    def init(cls, key, d_model, n_experts):
        k1, k2 = jax.random.split(key)
        return cls(router=jax.random.normal(k1, (d_model, n_experts)),
                   experts=jax.random.normal(k2, (n_experts, d_model, d_model)) / np.sqrt(d_model))

    def specs(self):
        return dataclasses.replace(self, router=P(), experts=P(self.axes.experts, None, None))

    def router_logits(self, x):
        return x @ self.router

    def z_loss(self, x):
        z = jax.nn.logsumexp(self.router_logits(x), axis=-1)
        return jax.lax.psum(jnp.sum(z * z), (self.axes.tokens, self.axes.experts))


def total_z_loss(layer, mesh, x):
    fn = jax.shard_map(MoELayer.z_loss, mesh=mesh, in_specs=(layer.specs(), P(layer.axes.tokens, None)),
                       out_specs=P())
    return fn(layer, x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("data", "expert"))
    k1, k2 = jax.random.split(jax.random.PRNGKey(64))
    layer = MoELayer.init(k1, 6, 8)
    x = np.asarray(jax.random.normal(k2, (24, 6)), np.float32)
    return mesh, layer, x


def main(mesh, layer, x):
    with jax.set_mesh(mesh):
        placed = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), layer, layer.specs())
        xs = jax.device_put(x, NamedSharding(mesh, P("data", None)))
        total = filter_jit(total_z_loss)(placed, mesh, xs)
    print("router z-loss: %.4f" % (float(total) / x.shape[0]))


if __name__ == "__main__":
    main(*inputs())
