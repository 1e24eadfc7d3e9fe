"""Binder cumulant U4 = 1 - <m^4> / (3 <m^2>^2) from per-block magnetisation moments."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_SAMPLES = 8
N_BLOCKS = 32
AXES = ("sample", "block")

ESTIMATORS = {}


def estimator(name, axes=AXES):
    def register(fn):
        ESTIMATORS[name] = (fn, axes)
        return fn
    return register


def block_moment(m, k, axis):
    return jax.lax.psum(jnp.sum(m ** k, axis=1), axis) / N_BLOCKS


@estimator("binder")
def binder(m, axes):
    m2 = block_moment(m, 2, axes[1])
    m4 = block_moment(m, 4, axes[1])
    u4 = 1.0 - m4 / (3.0 * m2 * m2)
    return jax.lax.pmean(u4, axes)


def evaluate(name):
    fn, axes = ESTIMATORS[name]
    return lambda m: fn(m, axes)


def inputs():
    rng = np.random.default_rng(173)
    return (rng.normal(loc=0.5, scale=0.3, size=(N_SAMPLES, N_BLOCKS)).astype(np.float32),)


def main(m):
    mesh = jax.make_mesh((2, 4), AXES)
    m = jax.device_put(m, NamedSharding(mesh, P(*AXES)))
    return jax.shard_map(evaluate("binder"), mesh=mesh, in_specs=P(*AXES), out_specs=P())(m)


if __name__ == "__main__":
    main(*inputs())
