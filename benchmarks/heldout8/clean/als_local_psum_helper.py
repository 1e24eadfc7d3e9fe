"""ALS with a module-level helper named psum (a local sum, not JAX's) on a gathered Gram block."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ITEM_AXIS = "items"


def psum(x, axis_name):
    del axis_name
    return jnp.sum(x, axis=0)


def inputs():
    return (np.random.default_rng(57).normal(size=(32, 4)).astype(np.float32),)


def main(v):
    mesh = jax.make_mesh((8,), (ITEM_AXIS,))
    v = jax.device_put(v, NamedSharding(mesh, P(ITEM_AXIS, None)))

    def gram_blocks(vb):
        blocks = jax.lax.all_gather((vb.T @ vb)[None], ITEM_AXIS, axis=0, tiled=True, to="reduced")
        return psum(blocks, ITEM_AXIS)

    f = jax.jit(jax.shard_map(gram_blocks, mesh=mesh, in_specs=(P(ITEM_AXIS, None),),
                              out_specs=P(None, None, reduced={ITEM_AXIS})))
    return f(v)
