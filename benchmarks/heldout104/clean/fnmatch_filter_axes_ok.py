"""Axes to gather are the mesh axes matching a glob pattern."""
import fnmatch

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

NAMES = ["data", "model"]
PATTERN = "m*"


def body(b):
    t = jax.lax.all_gather(b, "data", axis=0, tiled=True, to="reduced")
    axes = tuple(fnmatch.filter(NAMES, PATTERN))
    return jax.lax.all_gather(t, axes, axis=1, tiled=True, to="reduced")


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    f = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P(None, None, reduced={"data", "model"}))
    return jax.jit(f)(x)


if __name__ == "__main__":
    main()
