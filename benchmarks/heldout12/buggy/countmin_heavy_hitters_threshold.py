"""Count-min heavy hitters: the merged width row compared with a support threshold."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

SUPPORT = 3.0


def merged_row(counts_blk, axis):
    row = counts_blk.min(axis=0)
    return jax.lax.all_gather(row, axis, tiled=True, to="reduced")


def main(mesh, counts):
    axis = mesh.axis_names[0]

    def body(counts_blk):
        estimate = merged_row(counts_blk, axis)
        heavy = estimate >= SUPPORT
        return heavy

    f = jax.shard_map(body, mesh=mesh, in_specs=P(None, axis), out_specs=P(None, reduced={axis}))
    return f(counts)


def inputs():
    mesh = jax.make_mesh((8,), ("width",))
    counts = jnp.floor(jax.random.uniform(jax.random.key(31), (4, 64)) * 6)
    return mesh, jax.device_put(counts, NamedSharding(mesh, P(None, "width")))
