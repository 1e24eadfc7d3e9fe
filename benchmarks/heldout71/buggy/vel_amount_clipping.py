"""Amount clipping for the velocity features: each card's hourly amounts are compared with the
whole day's amounts, clipped to the configured cap, before the rolling sums."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

JOB = {
    "mesh": {"shape": (4, 2), "axes": ("card", "window")},
    "clip": {"floor": 0.0, "cap": 5000.0},
}


# --- sharding utils -------------------------------------------------------------------------

def make_mesh(mesh_cfg):
    return jax.make_mesh(mesh_cfg["shape"], mesh_cfg["axes"])


def place(mesh, array, spec):
    return jax.device_put(array, NamedSharding(mesh, spec))


def full_day(x, axis):
    return jax.lax.all_gather(x, axis, axis=1, tiled=True, to="reduced")


def clip_amounts(amounts, window_axis, floor, cap):
    day = full_day(amounts, window_axis)
    clipped = jnp.clip(day, floor, cap)
    return clipped.sum(axis=1)


def inputs():
    rng = np.random.default_rng(10)
    return (rng.gamma(1.5, 900.0, size=(32, 24)).astype(np.float32),)


def main(amounts):
    mesh = make_mesh(JOB["mesh"])
    card, window = JOB["mesh"]["axes"]
    amounts = place(mesh, amounts, P(card, window))
    body = functools.partial(clip_amounts, window_axis=window, **JOB["clip"])
    return jax.shard_map(body, mesh=mesh, in_specs=P(card, window), out_specs=P(card))(amounts)


if __name__ == "__main__":
    main(*inputs())
