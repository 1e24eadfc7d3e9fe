"""Entry point: statistics are gathered over stats_axis, which the launcher sets to the batch axis."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return np.arange(32, dtype=np.float32).reshape(8, 4), "data", "data"


def main(x, batch_axis: str, stats_axis: str):
    mesh = jax.make_mesh((2, 4), (batch_axis, "model"))
    x = jax.device_put(x, NamedSharding(mesh, P(batch_axis)))

    def stats(x):
        everyone = jax.lax.all_gather(x, stats_axis, to="reduced", tiled=True)
        return jnp.sum(everyone * everyone, axis=0, keepdims=True)

    out = jax.shard_map(stats, mesh=mesh, in_specs=P(batch_axis), out_specs=P(None, reduced={stats_axis}))(x)
    return float(np.asarray(out).sum())
