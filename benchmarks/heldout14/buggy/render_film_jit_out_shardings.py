"""A jitted shading kernel writes its film in tiles; the frame is then collected on the
host side for a preview window."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

FILM_SPEC = P("ty", "tx")
PREVIEW_SPEC = P(None, "tx")


def make_shader(mesh):
    @jax.jit
    def _shade(normals, light):
        return jnp.maximum(normals @ light, 0.0)

    return jax.jit(_shade, out_shardings=NamedSharding(mesh, FILM_SPEC))


def inputs():
    normals = np.linspace(-1.0, 1.0, 16 * 8 * 3, dtype=np.float32).reshape(16, 8, 3)
    return normals, np.array([0.3, 0.5, 0.8], np.float32)


def main(normals, light):
    mesh = jax.make_mesh((2, 4), ("ty", "tx"))
    shade = make_shader(mesh)
    with jax.set_mesh(mesh):
        normals = jax.device_put(normals, NamedSharding(mesh, P("ty", "tx", None)))
        film = shade(normals, light)
        preview = top_level_all_gather(film, PREVIEW_SPEC)
        return preview


if __name__ == "__main__":
    print(main(*inputs()))
