"""Selected key/value blocks held in a pytree cache and collected for the decoder."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax.tree_util import register_pytree_node_class


@register_pytree_node_class
class BlockCache:
    ctx_axis = "ctx"
    head_axis = "head"

    def __init__(self, keys, values):
        self.keys = keys
        self.values = values

    def tree_flatten(self):
        return (self.keys, self.values), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children)

    def along_context(self):
        return BlockCache(*(jax.lax.all_gather(x, self.ctx_axis, tiled=True, to="reduced")
                            for x in (self.keys, self.values)))

    def everywhere(self):
        axes = (self.ctx_axis, self.head_axis)
        keys = jax.lax.all_gather(self.keys, axes, axis=1, tiled=True, to="reduced")
        return keys, self.values


def collect(cache):
    return cache.along_context().everywhere()


def inputs():
    rng = np.random.default_rng(10)
    return (rng.normal(size=(8, 8, 4)).astype(np.float32),
            rng.normal(size=(8, 8, 4)).astype(np.float32))


def main(keys, values):
    mesh = jax.make_mesh((2, 4), (BlockCache.ctx_axis, BlockCache.head_axis))
    spec = P("ctx", "head", None)
    cache = BlockCache(*(jax.device_put(x, NamedSharding(mesh, spec)) for x in (keys, values)))
    specs = BlockCache(spec, spec)
    return jax.shard_map(
        collect, mesh=mesh, in_specs=(specs,),
        out_specs=(P(reduced={"ctx", "head"}), P(None, "head", None, reduced={"ctx"})),
    )(cache)


if __name__ == "__main__":
    k, v = main(*inputs())
    print(k.shape, v.shape)
