"""GraphCast-like mesh2grid decoder and a regridding loss computed per shard of mesh nodes."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

NODE_AXIS = "nodes"


def mesh2grid(h, axis):
    return jax.lax.all_gather(h, axis, axis=0, tiled=True, to="reduced")


def grid_loss(grid, axis):
    per_point = jnp.sum(grid, axis=1)
    return jax.lax.psum(per_point, axis)


def decode_and_score(h, axis=NODE_AXIS):
    grid = mesh2grid(jnp.tanh(h), axis)
    return grid_loss(grid, axis)


def inputs():
    mesh = jax.make_mesh((8,), (NODE_AXIS,))
    h = jnp.cos(jnp.arange(32 * 4, dtype=jnp.float32)).reshape(32, 4)
    return mesh, h


def main(mesh, h):
    h = jax.device_put(h, NamedSharding(mesh, P(NODE_AXIS, None)))
    f = jax.shard_map(decode_and_score, mesh=mesh, in_specs=P(NODE_AXIS, None), out_specs=P())
    return f(h)
