"""Kinetic-energy budget of an ocean model; the global sum runs over every mesh axis of size > 1."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("lat", "lon"))


def make_budget(mesh):
    axes = tuple(a for a, n in mesh.shape.items() if n > 1)

    def budget(u, v):
        ke = 0.5 * (u * u + v * v)
        meridional = jax.lax.psum(jnp.sum(ke, axis=0), "lat")
        total = jax.lax.psum(jnp.sum(meridional), axes)
        return meridional, total

    return jax.shard_map(budget, mesh=mesh, in_specs=(P("lat", "lon"), P("lat", "lon")),
                         out_specs=(P("lon"), P()))


def inputs():
    u = jnp.linspace(-1, 1, 8 * 16).reshape(8, 16)
    put = lambda a: jax.device_put(a, NamedSharding(mesh, P("lat", "lon")))
    return put(u), put(u * 0.5)


def main(u, v):
    return make_budget(mesh)(u, v)
