"""A tiled shading pass writes its film in screen tiles; the film is laid out in scanline
order for the image writer, and a preview of the tile columns collected on the host."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

TILE_SPEC = P("ty", "tx")
SCANLINE_SPEC = P(("ty", "tx"), None)
PREVIEW_SPEC = P("tx", None, reduced={"ty"})


def shade(normals, light):
    return jnp.maximum(jnp.einsum("hwc,c->hw", normals, light), 0.0)


def inputs():
    normals = np.linspace(-1.0, 1.0, 16 * 8 * 3, dtype=np.float32).reshape(16, 8, 3)
    return normals, np.array([0.3, 0.5, 0.8], np.float32)


def main(normals, light):
    mesh = jax.make_mesh((2, 4), ("ty", "tx"))
    with jax.set_mesh(mesh):
        normals = jax.device_put(normals, NamedSharding(mesh, P("ty", "tx", None)))
        light = jax.device_put(light, NamedSharding(mesh, P()))
        film = jax.shard_map(shade, in_specs=(P("ty", "tx", None), P()), out_specs=TILE_SPEC)(normals, light)
        film = jax.reshard(film, SCANLINE_SPEC)
        preview = top_level_all_gather(film, PREVIEW_SPEC)
        return jax.reshard(preview, P())


if __name__ == "__main__":
    print(main(*inputs()))
