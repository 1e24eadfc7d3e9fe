"""Normalised estimation error squared (NEES) averaged over the swarm and the sensor suite."""
import os

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

FLEET_AXES = tuple(os.environ.get("EKF_FLEET_AXES", "drone,sensor").split(","))


def nees(err, p_diag):
    return jnp.sum(err * err / p_diag, axis=-1)


def fleet_nees(err, p_diag):
    per_drone = nees(err, p_diag).mean(axis=0)
    return jax.lax.pmean(per_drone, FLEET_AXES)


def inputs():
    mesh = jax.make_mesh((4, 2), FLEET_AXES)
    err = jnp.cos(jnp.arange(8 * 6, dtype=jnp.float32)).reshape(8, 6) * 0.1
    p = jnp.full((8, 6), 0.02, jnp.float32)
    return (mesh, jax.device_put(err, NamedSharding(mesh, P(FLEET_AXES[0], None))),
            jax.device_put(p, NamedSharding(mesh, P(FLEET_AXES[0], None))))


def main(mesh, err, p_diag):
    spec = P(FLEET_AXES[0], None)
    return jax.shard_map(fleet_nees, mesh=mesh, in_specs=(spec, spec), out_specs=P())(err, p_diag)
