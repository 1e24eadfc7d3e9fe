"""SPH conservation check: total momentum over the domain after each step."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class ConservationCallback:
    def __init__(self, axes):
        self.axes = axes

    def momentum(self, vel, mass):
        local = (mass[..., None] * vel).sum(axis=(0, 1))
        return jax.lax.psum(local, self.axes[0])

    def __call__(self, vel, mass):
        p_cell = self.momentum(vel, mass)
        return jax.lax.psum_scatter(p_cell, self.axes, scatter_dimension=0, tiled=True)


def inputs():
    mesh = jax.make_mesh((4, 2), ("cell", "column"))
    vel = jnp.cos(jnp.arange(8 * 4 * 8, dtype=jnp.float32)).reshape(8, 4, 8)
    mass = jnp.full((8, 4), 0.01, jnp.float32)
    return (mesh, jax.device_put(vel, NamedSharding(mesh, P("cell", "column", None))),
            jax.device_put(mass, NamedSharding(mesh, P("cell", "column"))))


def main(mesh, vel, mass):
    cb = ConservationCallback(mesh.axis_names)
    return jax.shard_map(cb, mesh=mesh, in_specs=(P("cell", "column", None), P("cell", "column")),
                         out_specs=P(("cell", "column")))(vel, mass)
