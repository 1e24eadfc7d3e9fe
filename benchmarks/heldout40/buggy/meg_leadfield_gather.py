"""Forward model: leadfield blocks (sensors x sources) assembled for a dense inverse."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def source_rows(block, *, axes):
    sensors, sources = axes
    return jax.lax.all_gather(block, sources, axis=1, tiled=True, to="reduced")


def assemble_leadfield(block, *, axes, depth_weight=0.8):
    rows = source_rows(block, axes=axes)
    return jax.lax.all_gather(rows, axes, axis=0, tiled=True, to="reduced")


def inputs():
    g = np.random.default_rng(31).normal(size=(16, 32)).astype(np.float32)
    return (g,)


def main(gain):
    axes = ("chan", "time")
    mesh = jax.make_mesh((2, 4), axes)
    gain = jax.device_put(gain, NamedSharding(mesh, P(*axes)))
    body = functools.partial(assemble_leadfield, axes=axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P(*axes),
                         out_specs=P(None, None, reduced=set(axes)))(gain)


if __name__ == "__main__":
    main(*inputs())
