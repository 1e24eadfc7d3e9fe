"""The body is `functools.partial(clip_amounts, window_axis=window, **JOB["clip"])`: a local axis
name written at the call, and clip bounds splatted from an item of a module dict the code only
reads. The bounds clip a value gathered, reduced, over the window axis."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

JOB = {"axes": ("i", "j"), "clip": {"floor": 0.0, "cap": 5000.0}}


def full_day(x, axis):
    return jax.lax.all_gather(x, axis, axis=1, tiled=True, to="reduced")


def clip_amounts(amounts, window_axis, floor, cap):
    day = full_day(amounts, window_axis)
    return jnp.clip(day, floor, cap).sum(axis=1)  # SF106


def main(mesh, x):
    card, window = JOB["axes"]
    body = functools.partial(clip_amounts, window_axis=window, **JOB["clip"])
    return jax.shard_map(body, mesh=mesh, in_specs=P(card, window), out_specs=P((card, window)))(x)


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), jnp.ones((8, 8)))
