"""MAE fine-tuning handoff: the decoder's position embedding is placed on the mesh, then exported
whole by a helper for the interpolation script."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

TRAIN_LAYOUT = P("patch", None)
EXPORT_LAYOUT = P(None, None, reduced={"patch"})


def sincos_pos_embed(num_patches, dim):
    pos = np.arange(num_patches)[:, None] / np.power(10000, np.arange(dim)[None, :] / dim)
    return np.where(np.arange(dim) % 2 == 0, np.sin(pos), np.cos(pos)).astype(np.float32)


def export_pos_embed(pos_embed):
    return top_level_all_gather(pos_embed, EXPORT_LAYOUT)


def inputs():
    return (sincos_pos_embed(16, 8),)


def main(table):
    mesh = jax.make_mesh((2, 4), ("batch", "patch"))
    with jax.set_mesh(mesh):
        pos_embed = jax.device_put(table, NamedSharding(mesh, TRAIN_LAYOUT))
        pos_embed = pos_embed * 1.0
    return export_pos_embed(pos_embed)


if __name__ == "__main__":
    main(*inputs())
