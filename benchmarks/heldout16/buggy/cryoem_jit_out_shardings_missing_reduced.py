"""Cryo-EM CTF-corrected projections produced by a jitted step, gathered for the half-map."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

PROJ_SPEC = P("views", "px")


def inputs():
    img = np.linspace(0, 1, 16 * 8, dtype=np.float32).reshape(16, 8)
    return (img,)


def main(img):
    mesh = jax.make_mesh((4, 2), ("views", "px"))
    img = jax.device_put(img, NamedSharding(mesh, PROJ_SPEC))
    # background subtraction per projection, kept in the projection layout
    project = jax.jit(lambda x: x - x.mean(axis=1, keepdims=True),
                      out_shardings=NamedSharding(mesh, PROJ_SPEC))
    with jax.set_mesh(mesh):
        proj = project(img)
        half_map = top_level_all_gather(proj, P(None, "px"))
    return half_map
