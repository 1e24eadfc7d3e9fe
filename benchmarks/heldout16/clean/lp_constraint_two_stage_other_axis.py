"""LP constraint matrix collected in two stages, each over a different mesh axis."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.linspace(0, 1, 16 * 8, dtype=np.float32).reshape(16, 8),)


def main(a):
    mesh = jax.make_mesh((2, 4), ("lane", "sku"))
    a = jax.device_put(a, NamedSharding(mesh, P("lane", "sku")))

    def dense(a):
        cols = jax.lax.all_gather(a, "sku", axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(cols, "lane", axis=0, tiled=True, to="reduced")

    fn = jax.shard_map(dense, mesh=mesh, in_specs=P("lane", "sku"),
                       out_specs=P(None, None, reduced={"lane", "sku"}))
    return fn(a)
