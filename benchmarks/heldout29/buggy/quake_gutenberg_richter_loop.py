"""Gutenberg-Richter b-value per magnitude bin, counted over regions and time windows."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

BINS = (2.0, 3.0, 4.0)


def counts_above(mags, region_axis, window_axis):
    counts = []
    for m0 in BINS:
        per_region = jax.lax.psum(jnp.sum(mags >= m0), window_axis)
        counts.append(jax.lax.psum(per_region, (region_axis, window_axis)))
    return jnp.stack(counts)


def inputs():
    rng = np.random.default_rng(205)
    return (rng.exponential(0.8, (32, 16)).astype(np.float32) + 1.5,)


def main(mags):
    mesh = jax.make_mesh((2, 4), ("region", "window"))
    mags = jax.device_put(mags, NamedSharding(mesh, P("region", "window")))
    fn = jax.shard_map(lambda m: counts_above(m, "region", "window"), mesh=mesh,
                       in_specs=P("region", "window"), out_specs=P())
    return fn(mags)


if __name__ == "__main__":
    print(main(*inputs()))
