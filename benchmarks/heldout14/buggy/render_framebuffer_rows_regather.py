"""Framebuffer assembly for a tile renderer: tile rows are stitched first (for the
denoiser's row pass), then the full frame is collected for the PPM writer."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ROW_AXIS, COL_AXIS = "ty", "tx"


def assemble_rows(tile):
    return jax.lax.all_gather(tile, ROW_AXIS, axis=0, tiled=True, to="reduced")


def assemble_frame(rows, axes):
    return jax.lax.all_gather(rows, axes, axis=1, tiled=True, to="reduced")


def to_ppm_buffer(tile):
    rows = assemble_rows(jnp.clip(tile, 0.0, 1.0))
    frame = assemble_frame(rows, (ROW_AXIS, COL_AXIS))
    return frame


def inputs():
    return (np.linspace(-0.2, 1.2, 8 * 16, dtype=np.float32).reshape(8, 16),)


def main(img):
    mesh = jax.make_mesh((2, 4), (ROW_AXIS, COL_AXIS))
    img = jax.device_put(img, NamedSharding(mesh, P(ROW_AXIS, COL_AXIS)))
    f = jax.shard_map(to_ppm_buffer, mesh=mesh, in_specs=P(ROW_AXIS, COL_AXIS),
                      out_specs=P(None, None, reduced={ROW_AXIS, COL_AXIS}))
    return f(img)


if __name__ == "__main__":
    print(main(*inputs()))
