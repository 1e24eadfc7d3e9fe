"""A tiled path-tracer back end: every device shades one screen tile; auto-exposure needs
the log-average luminance of the whole frame."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class TileAxes(NamedTuple):
    rows: str = "ty"
    cols: str = "tx"


AXES = TileAxes()
KEY_VALUE = 0.18


def luminance(rgb):
    return 0.2126 * rgb[..., 0] + 0.7152 * rgb[..., 1] + 0.0722 * rgb[..., 2]


def expose(tile):
    lum = luminance(tile)
    log_sum = jax.lax.psum(jnp.sum(jnp.log(1e-4 + lum)), tuple(AXES))
    key = jax.lax.all_gather(log_sum, AXES.cols, to="reduced")
    return tile, key


def inputs():
    img = np.linspace(0.0, 1.0, 16 * 16 * 3, dtype=np.float32).reshape(16, 16, 3)
    return (img,)


def main(img):
    mesh = jax.make_mesh((2, 4), tuple(AXES))
    img = jax.device_put(img, NamedSharding(mesh, P(AXES.rows, AXES.cols, None)))
    f = jax.shard_map(expose, mesh=mesh, in_specs=P(AXES.rows, AXES.cols, None),
                      out_specs=(P(AXES.rows, AXES.cols, None), P(None, reduced={AXES.cols})))
    return f(img)


if __name__ == "__main__":
    print(main(*inputs()))
