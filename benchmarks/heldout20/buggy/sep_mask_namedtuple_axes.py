"""Separation masks: gathered over the channels for the decoder, then over everything for plotting."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class Axes(NamedTuple):
    data: str = "data"
    chan: str = "chan"


AXES = Axes()
mesh = jax.make_mesh((4, 2), tuple(AXES))


def estimate_masks(enc):
    return jax.nn.softmax(enc, axis=-1)


def body(enc):
    masks = estimate_masks(enc)
    for_decoder = jax.lax.all_gather(masks, AXES.chan, axis=1, tiled=True, to="reduced")
    for_plot = jax.lax.all_gather(for_decoder, tuple(AXES), axis=0, tiled=True, to="reduced")
    return for_plot


def inputs():
    enc = jax.random.normal(jax.random.key(21), (8, 16, 64))
    return (jax.device_put(enc, NamedSharding(mesh, P(*AXES, None))),)


def main(enc):
    return jax.shard_map(body, mesh=mesh, in_specs=P(*AXES, None),
                         out_specs=P(None, None, None, reduced=set(AXES)))(enc)
