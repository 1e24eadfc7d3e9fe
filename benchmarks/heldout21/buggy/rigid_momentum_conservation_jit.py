"""Momentum-conservation check of the collision step, as the physics test harness runs it."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_AXES = ("env", "body")


@jax.jit
def linear_momentum(mass, vel):
    return mass[..., None] * vel


def momentum_drift(mass, vel_before, vel_after):
    env_axis, body_axis = MESH_AXES
    p0 = jax.lax.psum(jnp.sum(linear_momentum(mass, vel_before), axis=1), body_axis)
    p1 = jnp.sum(linear_momentum(mass, vel_after), axis=1)
    drift = jnp.abs(p1 - p0 / jax.lax.psum(1, body_axis))
    return jax.lax.pmax(jnp.max(drift), MESH_AXES), jax.lax.psum(jnp.sum(p0), MESH_AXES)


def inputs():
    rng = np.random.default_rng(113)
    mass = (1 + rng.random((4, 8))).astype(np.float32)
    v0 = rng.standard_normal((4, 8, 3)).astype(np.float32)
    v1 = v0 + 1e-3 * rng.standard_normal((4, 8, 3)).astype(np.float32)
    return mass, v0, v1


def main(mass, vel_before, vel_after):
    mesh = jax.make_mesh((2, 4), MESH_AXES)
    mspec, vspec = P(*MESH_AXES), P(*MESH_AXES, None)
    mass = jax.device_put(mass, NamedSharding(mesh, mspec))
    vel_before, vel_after = (jax.device_put(v, NamedSharding(mesh, vspec)) for v in (vel_before, vel_after))
    fn = jax.shard_map(momentum_drift, mesh=mesh, in_specs=(mspec, vspec, vspec), out_specs=(P(), P()))
    return fn(mass, vel_before, vel_after)


if __name__ == "__main__":
    print(main(*inputs()))
