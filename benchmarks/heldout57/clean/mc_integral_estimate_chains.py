"""Plain Monte Carlo estimate of a Gaussian integral; draws split over chains, weights over dims."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CHAIN_AXIS, DIM_AXIS = "chain", "dim"
ESTIMATOR = {"axes": (CHAIN_AXIS, DIM_AXIS), "reduce": (CHAIN_AXIS,), "n_batches": 4}


def estimate(x, volume):
    fx = jnp.exp(-0.5 * (x * x).sum(axis=1))

    def batch(i, acc):
        chunk = jax.lax.dynamic_slice_in_dim(fx, i * 4, 4)
        return acc + chunk.sum()

    local = jax.lax.fori_loop(0, ESTIMATOR["n_batches"], batch, jnp.zeros_like(fx[0]))
    return jax.lax.pmean(local * volume / fx.shape[0], ESTIMATOR["reduce"])


def inputs():
    rng = np.random.default_rng(34)
    return rng.normal(size=(32, 4)).astype(np.float32), np.float32((2.0 * np.pi) ** 2)


def main(x, volume):
    mesh = jax.make_mesh((2, 4), ESTIMATOR["axes"])
    x = jax.device_put(x, NamedSharding(mesh, P(CHAIN_AXIS, None)))
    volume = jax.device_put(volume, NamedSharding(mesh, P()))
    f = jax.shard_map(lambda a, b: estimate(a, b), mesh=mesh,
                      in_specs=(P(CHAIN_AXIS, None), P()), out_specs=P())
    return f(x, volume)


if __name__ == "__main__":
    main(*inputs())
