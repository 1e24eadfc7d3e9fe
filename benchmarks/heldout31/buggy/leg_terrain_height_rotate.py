"""Terrain height map shared among legged robots walking in a ring formation."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

ROBOT_AXIS = "robot"
LEG_AXIS = "leg"
N_ROBOTS = 4


def ring_perm(n):
    return [(i, (i + 1) % n) for i in range(n)]


def shared_heightmap(scan):
    return jax.lax.all_gather(scan.mean(axis=-1), ROBOT_AXIS, to="reduced")


def pass_to_neighbour(heights, perm):
    return jax.lax.ppermute(heights, ROBOT_AXIS, perm=perm)


def terrain_step(scan, perm):
    heights = shared_heightmap(scan)
    neighbour = pass_to_neighbour(heights, perm)
    return jax.lax.pmax(neighbour.max(axis=0), ROBOT_AXIS)


def inputs():
    mesh = jax.make_mesh((N_ROBOTS, 2), (ROBOT_AXIS, LEG_AXIS))
    scan = jnp.sin(jnp.arange(8 * 16, dtype=jnp.float32)).reshape(8, 16)
    return mesh, jax.device_put(scan, NamedSharding(mesh, P(ROBOT_AXIS, LEG_AXIS)))


def main(mesh, scan):
    body = functools.partial(terrain_step, perm=ring_perm(N_ROBOTS))
    return jax.shard_map(body, mesh=mesh, in_specs=P(ROBOT_AXIS, LEG_AXIS),
                         out_specs=P(LEG_AXIS))(scan)
