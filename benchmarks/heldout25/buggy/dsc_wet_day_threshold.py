"""Wet-day frequency adjustment: remove drizzle below a threshold from the downscaled field."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

WET_DAY_MM = 0.1


def inputs():
    rng = np.random.default_rng(4)
    return (rng.gamma(0.6, 2.0, size=(8, 32)).astype(np.float32),)


def adjust(block, *, tile_axis, threshold):
    field = jax.lax.all_gather(block, tile_axis, axis=1, to="reduced", tiled=True)
    return jnp.maximum(field - threshold, 0.0)


def main(precip):
    mesh = jax.make_mesh((2, 4), ("member", "tile"))
    precip = jax.device_put(precip, NamedSharding(mesh, P("member", "tile")))
    body = functools.partial(adjust, tile_axis="tile", threshold=WET_DAY_MM)
    return jax.shard_map(body, mesh=mesh, in_specs=P("member", "tile"),
                         out_specs=P("member", None, reduced={"tile"}))(precip)


if __name__ == "__main__":
    print(main(*inputs()))
