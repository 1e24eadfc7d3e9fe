"""Cloth kinetic energy, reported per frame through a reduction config."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

REDUCE = {"axis_name": ("cloth", "patch")}


def vertex_energy(vel, mass):
    return 0.5 * mass * jnp.sum(vel * vel, axis=-1)


def frame_energy(vel, mass):
    per_patch = vertex_energy(vel, mass).sum()
    per_cloth = jax.lax.psum(per_patch, "patch")
    return jax.lax.psum(per_cloth, **REDUCE)


def inputs():
    mesh = jax.make_mesh((2, 4), ("cloth", "patch"))
    vel = jnp.sin(jnp.arange(4 * 8 * 3, dtype=jnp.float32)).reshape(4, 8, 3)
    mass = jnp.full((4, 8), 0.02, jnp.float32)
    return (mesh, jax.device_put(vel, NamedSharding(mesh, P("cloth", "patch", None))),
            jax.device_put(mass, NamedSharding(mesh, P("cloth", "patch"))))


def main(mesh, vel, mass):
    return jax.shard_map(frame_energy, mesh=mesh,
                         in_specs=(P("cloth", "patch", None), P("cloth", "patch")),
                         out_specs=P())(vel, mass)
