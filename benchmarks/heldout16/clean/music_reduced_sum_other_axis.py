"""Music transformer: keys gathered over time (reduced), then summed over the head shards."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.linspace(-1, 1, 16 * 8, dtype=np.float32).reshape(16, 8),)


def main(keys):
    mesh = jax.make_mesh((2, 4), ("time", "heads"))
    keys = jax.device_put(keys, NamedSharding(mesh, P("time", "heads")))

    def pooled(k):
        window = jax.lax.all_gather(k, "time", axis=0, tiled=True, to="reduced")
        return jax.lax.psum(window, "heads")

    fn = jax.shard_map(pooled, mesh=mesh, in_specs=P("time", "heads"),
                       out_specs=P(None, None, reduced={"time"}))
    return fn(keys)
