"""Count-min: the largest merged estimate (jnp.max) compared with the support threshold."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

SUPPORT = 3.0


def main(mesh, counts):
    axis = mesh.axis_names[0]

    def body(counts_blk):
        estimate = jax.lax.all_gather(counts_blk.min(axis=0), axis, tiled=True, to="reduced")
        top = jnp.max(estimate)
        return top >= SUPPORT

    f = jax.shard_map(body, mesh=mesh, in_specs=P(None, axis), out_specs=P())
    return f(counts)


def inputs():
    mesh = jax.make_mesh((8,), ("width",))
    counts = jnp.floor(jax.random.uniform(jax.random.key(31), (4, 64)) * 6)
    return mesh, jax.device_put(counts, NamedSharding(mesh, P(None, "width")))
