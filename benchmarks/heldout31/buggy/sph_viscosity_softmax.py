"""SPH artificial viscosity weights: softmax over neighbour speeds shared across columns."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

COLUMN_AXIS = "column"


def neighbour_speeds(vel):
    speed = jnp.linalg.norm(vel, axis=-1)
    return jax.lax.all_gather(speed, COLUMN_AXIS, axis=1, to="reduced", tiled=True)


def viscosity_weights(vel, temperature=0.1):
    speeds = neighbour_speeds(vel)
    w = jax.nn.softmax(speeds / temperature, axis=-1)
    return jax.lax.psum(w.sum(axis=-1), COLUMN_AXIS)


def inputs():
    mesh = jax.make_mesh((4, 2), ("cell", COLUMN_AXIS))
    vel = jnp.sin(jnp.arange(8 * 8 * 3, dtype=jnp.float32)).reshape(8, 8, 3)
    return mesh, jax.device_put(vel, NamedSharding(mesh, P("cell", COLUMN_AXIS, None)))


def main(mesh, vel):
    return jax.shard_map(viscosity_weights, mesh=mesh, in_specs=P("cell", COLUMN_AXIS, None),
                         out_specs=P("cell"))(vel)
