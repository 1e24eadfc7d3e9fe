"""Fairness metrics of the batch scheduler: mean share of tokens served per slot."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SCHED_AXES = ("replica", "slot")


def per_replica_tokens(served, axis=SCHED_AXES[1]):
    return jax.lax.psum(jnp.sum(served, axis=1), axis)


def fairness(served, weights):
    total = per_replica_tokens(served)
    share = jnp.sum(served * weights, axis=1) / jnp.maximum(total, 1.0)
    jain = jnp.square(jnp.sum(share)) / (share.size * jnp.sum(jnp.square(share)) + 1e-6)
    return jax.lax.pmean(total / 1000.0, SCHED_AXES), jain[None]


def inputs():
    rng = np.random.default_rng(4)
    served = rng.integers(0, 64, size=(8, 16)).astype(np.float32)
    weights = rng.random((8, 16)).astype(np.float32)
    return served, weights


def main(served, weights):
    mesh = jax.make_mesh((2, 4), SCHED_AXES)
    spec = P(*SCHED_AXES)
    served = jax.device_put(served, NamedSharding(mesh, spec))
    weights = jax.device_put(weights, NamedSharding(mesh, spec))
    stats = jax.shard_map(fairness, mesh=mesh, in_specs=(spec, spec), out_specs=(P(), P(SCHED_AXES)))
    return stats(served, weights)


if __name__ == "__main__":
    main(*inputs())
