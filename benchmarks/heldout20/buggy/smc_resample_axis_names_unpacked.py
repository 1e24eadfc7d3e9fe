"""Resampled particle cloud: gathered over state dimensions, then over the whole mesh for diagnostics."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("pf", "dim"))


def propagate(x, dt=0.1):
    return x + dt * jnp.sin(x)


def body(x):
    pf_axis, dim_axis = mesh.axis_names
    moved = propagate(x)
    states = jax.lax.all_gather(moved, dim_axis, axis=1, tiled=True, to="reduced")
    cloud = jax.lax.all_gather(states, (pf_axis, dim_axis), axis=0, tiled=True, to="reduced")
    return cloud


def inputs():
    x = jax.random.normal(jax.random.key(41), (32, 4))
    return (jax.device_put(x, NamedSharding(mesh, P(*mesh.axis_names))),)


def main(x):
    return jax.shard_map(body, mesh=mesh, in_specs=P(*mesh.axis_names),
                         out_specs=P(None, None, reduced=set(mesh.axis_names)))(x)
