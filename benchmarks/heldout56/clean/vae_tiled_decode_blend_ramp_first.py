"""Tiled VAE decoding: tiles are gathered along the width and blended with a linear ramp."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TILE_AXIS = "space"


def gather_tiles(tile):
    return jax.lax.all_gather(tile, TILE_AXIS, axis=1, tiled=True, to="reduced")


def make_blender(overlap):
    ramp = jnp.linspace(0.0, 1.0, overlap)

    def blend(tile):
        weighted = tile.at[:, :overlap].multiply(ramp[None, :, None])
        row = gather_tiles(weighted)
        return row[:, :overlap], row[:, overlap:]

    return blend


def inputs():
    return (np.random.default_rng(25).standard_normal((4, 16, 3), dtype=np.float32),)


def main(tiles):
    mesh = jax.make_mesh((2, 4), ("data", TILE_AXIS))
    tiles = jax.device_put(tiles, NamedSharding(mesh, P("data", TILE_AXIS, None)))
    out_spec = P("data", None, None, reduced={TILE_AXIS})
    left, rest = jax.shard_map(make_blender(4), mesh=mesh, in_specs=P("data", TILE_AXIS, None),
                               out_specs=(out_spec, out_spec))(tiles)
    print(left.shape, rest.shape)
    return left


if __name__ == "__main__":
    main(*inputs())
