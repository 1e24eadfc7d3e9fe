"""Round-robin the gather axis over the mesh axes, one step per stage."""
from collections import deque

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

STAGE = 1


def gather_axis_for(stage, names):
    ring = deque(names)
    ring.rotate(stage)
    return ring[0]


def body(b):
    s = jax.lax.psum(b, "model")
    axis = gather_axis_for(STAGE, ("data", "model"))
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
