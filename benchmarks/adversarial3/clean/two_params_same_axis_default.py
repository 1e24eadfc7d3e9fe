"""Batch statistics gathered over the stats axis; by default the stats axis IS the batch axis."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(x, batch_axis="data", stats_axis="data"):
    mesh = jax.make_mesh((2, 4), (batch_axis, "model"))
    x = jax.device_put(x, NamedSharding(mesh, P(batch_axis)))

    def stats(x):
        everyone = jax.lax.all_gather(x, stats_axis, to="reduced", tiled=True)
        return jnp.sum(everyone * everyone, axis=0, keepdims=True)

    out = jax.shard_map(stats, mesh=mesh, in_specs=P(batch_axis), out_specs=P(None, reduced={stats_axis}))(x)
    return float(np.asarray(out).sum())


if __name__ == "__main__":
    print(main(*inputs()))
