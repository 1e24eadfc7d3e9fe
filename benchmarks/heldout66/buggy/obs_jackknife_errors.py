"""Jackknife resampling of a magnetisation series: leave-one-block-out means for every sample."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_SAMPLES = 8
N_BLOCKS = 32

AXES = ("sample", "block")
GATHER = dict(axis_name=AXES, to="reduced", tiled=True)


def jackknife_means(x):
    total = jnp.sum(x, axis=1, keepdims=True)
    return (total - x) / (x.shape[1] - 1)


def resample(x):
    jk = jax.lax.all_gather(jackknife_means(x), AXES[0], axis=0, tiled=True, to="reduced")
    return jax.lax.all_gather(jk, axis=1, **GATHER)


def inputs():
    rng = np.random.default_rng(157)
    return (rng.normal(loc=0.3, size=(N_SAMPLES, N_BLOCKS)).astype(np.float32),)


def main(x):
    mesh = jax.make_mesh((2, 4), AXES)
    x = jax.device_put(x, NamedSharding(mesh, P(*AXES)))
    fn = jax.shard_map(resample, mesh=mesh, in_specs=P(*AXES),
                       out_specs=P(None, None, reduced=set(AXES)))
    return fn(x)


if __name__ == "__main__":
    main(*inputs())
