"""Pinned-vertex table of a cloth mesh, gathered once for the collision broadphase."""
import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def make_pin_update(mesh, layout):
    @jax.jit
    def update(pins, offset):
        return pins + offset

    return jax.jit(update, out_shardings=NamedSharding(mesh, layout))


def broadphase_table(pins):
    return top_level_all_gather(pins, P(None, "patch"))


def inputs():
    mesh = jax.make_mesh((2, 4), ("cloth", "patch"))
    pins = jnp.arange(8 * 8, dtype=jnp.float32).reshape(8, 8)
    return mesh, jax.device_put(pins, NamedSharding(mesh, P("cloth", "patch")))


def main(mesh, pins):
    with jax.set_mesh(mesh):
        update = make_pin_update(mesh, P("cloth", "patch"))
        moved = update(pins, 0.5)
        return broadphase_table(moved)
