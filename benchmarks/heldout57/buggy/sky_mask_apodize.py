"""Apodise a galactic mask: the mask is smoothed with the neighbouring pixel block."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MASK_AXES = {"pixels": "pix", "bands": "freq"}
APOD = {"width": 3, "floor": 0.0}


def smooth(mask, width):
    kernel = jnp.ones((width,), mask.dtype) / width
    return jax.vmap(lambda col: jnp.convolve(col, kernel, mode="same"), in_axes=1, out_axes=1)(mask)


def apodise(mask, *, axes, width):
    edges = jax.lax.all_gather(mask[:1], axes["pixels"], axis=0, tiled=True, to="reduced")
    neighbours = jax.lax.all_gather(edges, axes["pixels"], axis=0, tiled=True)
    return smooth(mask, width) + neighbours.sum(axis=0, keepdims=True)


def inputs():
    mask = np.ones((192, 4), np.float32)
    mask[80:110] = 0.0
    return (mask,)


def main(mask):
    mesh = jax.make_mesh((4, 2), (MASK_AXES["pixels"], MASK_AXES["bands"]))
    spec = P(MASK_AXES["pixels"], MASK_AXES["bands"])
    body = functools.partial(apodise, axes=MASK_AXES, width=APOD["width"])
    f = jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=spec)
    return f(jax.device_put(mask, NamedSharding(mesh, spec)))


if __name__ == "__main__":
    main(*inputs())
