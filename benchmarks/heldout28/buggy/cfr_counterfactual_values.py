"""Counterfactual values per information set, averaged over sampled trajectories."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_SHAPE = (2, 4)
AXES = ("traj", "infoset")


def node_values(utilities, strategy):
    return jnp.einsum("tia,ia->ti", utilities, strategy)


@functools.partial(jax.jit, static_argnums=0)
def counterfactual(mesh, utilities, strategy):
    def body(u, s):
        v = node_values(u, s)
        mean_v = v.mean(axis=0)
        return jax.lax.pmean(mean_v, AXES)

    return jax.shard_map(
        body, mesh=mesh,
        in_specs=(P(AXES[0], None, None), P(None, None)),
        out_specs=P(),
    )(utilities, strategy)


def inputs():
    rng = np.random.default_rng(3)
    return (rng.normal(size=(8, 6, 3)).astype(np.float32),
            np.full((6, 3), 1 / 3, np.float32))


def main(utilities, strategy):
    mesh = jax.make_mesh(MESH_SHAPE, AXES)
    utilities = jax.device_put(utilities, NamedSharding(mesh, P(AXES[0], None, None)))
    strategy = jax.device_put(strategy, NamedSharding(mesh, P()))
    return counterfactual(mesh, utilities, strategy)


if __name__ == "__main__":
    print(main(*inputs()))
