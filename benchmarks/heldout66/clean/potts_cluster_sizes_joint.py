"""Swendsen-Wang style cluster statistics for the Potts model: largest cluster per replica."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

Q = 4
N_REPLICAS = 4
N_SITES = 32
P_BOND = 0.6


def bond_occupation(states, uniforms):
    same = states == jnp.roll(states, -1, axis=1)
    return jnp.where(same & (uniforms < P_BOND), 1.0, 0.0)


def run_lengths(bonds):
    def step(run, b):
        run = (run + 1.0) * b
        return run, run
    _, runs = jax.lax.scan(step, jnp.zeros_like(bonds[:, 0]), bonds.T)
    return runs.T


def cluster_statistics(states, uniforms, *, replica_axis, site_axis):
    bonds = bond_occupation(states, uniforms)
    largest = run_lengths(bonds).max(axis=1, keepdims=True)
    return jax.lax.all_gather(largest, (site_axis, replica_axis), axis=1, tiled=True,
                              to="reduced")


def inputs():
    rng = np.random.default_rng(4)
    states = rng.integers(0, Q, size=(N_REPLICAS, N_SITES)).astype(np.int32)
    uniforms = rng.random((N_REPLICAS, N_SITES), dtype=np.float32)
    return states, uniforms


def main(states, uniforms):
    axes = ("replica", "site")
    mesh = jax.make_mesh((2, 4), axes)
    spec = P(*axes)
    states = jax.device_put(states, NamedSharding(mesh, spec))
    uniforms = jax.device_put(uniforms, NamedSharding(mesh, spec))
    body = functools.partial(cluster_statistics, replica_axis=axes[0], site_axis=axes[1])
    fn = jax.shard_map(body, mesh=mesh, in_specs=(spec, spec),
                       out_specs=P(None, None, reduced=set(axes)))
    return fn(states, uniforms)


if __name__ == "__main__":
    main(*inputs())
