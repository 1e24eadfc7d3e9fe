"""Schedules cycle through the mesh axes; the step picks its gather axis."""
import itertools

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

STEP = 3


def axis_at(step, names):
    schedule = itertools.islice(itertools.cycle(names), step + 1)
    return list(schedule)[-1]


def body(b):
    s = jax.lax.psum(b, "model")
    axis = axis_at(STEP, ("data", "model"))
    return jax.lax.all_gather(s, axis, axis=0, tiled=True, to="reduced")


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    f = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P("data", reduced={"model"}))
    return jax.jit(f)(x)


if __name__ == "__main__":
    main()
