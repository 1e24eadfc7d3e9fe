"""Cryo-EM projections from a jitted step, laid out for the half-map with jax.reshard."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PROJ_SPEC = P("views", "px")


def inputs():
    return (np.linspace(0, 1, 16 * 8, dtype=np.float32).reshape(16, 8),)


def main(img):
    mesh = jax.make_mesh((4, 2), ("views", "px"))
    img = jax.device_put(img, NamedSharding(mesh, PROJ_SPEC))
    project = jax.jit(lambda x: jnp.abs(x) * 2.0, out_shardings=NamedSharding(mesh, PROJ_SPEC))
    with jax.set_mesh(mesh):
        return jax.reshard(project(img), P(None, "px"))
