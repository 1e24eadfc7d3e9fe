"""Satellite tiles: per-tile cloud masks from a shard_map, plotted by a report helper."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

TILE_SPEC = P("tile_r", "tile_c")
PLOT_SPEC = P(None, "tile_c", reduced={"tile_r"})


def inputs():
    bands = np.linspace(0, 1, 16 * 16, dtype=np.float32).reshape(16, 16)
    return (bands,)


def cloud_mask(mesh, bands):
    return jax.shard_map(lambda b: (b > 0.6).astype(jnp.float32), mesh=mesh,
                         in_specs=TILE_SPEC, out_specs=TILE_SPEC)(bands)


def report(mask):
    full = top_level_all_gather(mask, PLOT_SPEC)
    return full.mean()


def main(bands):
    mesh = jax.make_mesh((2, 4), ("tile_r", "tile_c"))
    bands = jax.device_put(bands, NamedSharding(mesh, TILE_SPEC))
    with jax.set_mesh(mesh):
        mask = cloud_mask(mesh, bands)
    return report(mask)
