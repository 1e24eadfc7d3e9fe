"""The same partial body, but the bounds clip each block before the gather (the sum is then
reduced on the window axis, as the out_specs say): legal."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

JOB = {"axes": ("i", "j"), "clip": {"floor": 0.0, "cap": 5000.0}}


def full_day(x, axis):
    return jax.lax.all_gather(x, axis, axis=1, tiled=True, to="reduced")


def clip_amounts(amounts, window_axis, floor, cap):
    day = full_day(jnp.clip(amounts, floor, cap), window_axis)
    return day.sum(axis=1)


def main(mesh, x):
    card, window = JOB["axes"]
    body = functools.partial(clip_amounts, window_axis=window, **JOB["clip"])
    return jax.shard_map(body, mesh=mesh, in_specs=P(card, window), out_specs=P(card, reduced={window}))(x)


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), jnp.ones((8, 8)))
