"""Gather over the first pair of mesh axes."""
import itertools

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

NAMES = ("data", "model")
WIDTH = 2


def body(b):
    table = jax.lax.all_gather(b, NAMES[0], axis=0, tiled=True, to="reduced")
    pairs = list(itertools.combinations(NAMES, WIDTH))
    axes = pairs[0]
    return jax.lax.all_gather(table, axes, axis=1, tiled=True, to="reduced")


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
