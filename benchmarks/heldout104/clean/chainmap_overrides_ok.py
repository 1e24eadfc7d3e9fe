"""Gather axis from layered settings: command-line overrides over defaults."""
from collections import ChainMap

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DEFAULTS = {"gather_axis": "data", "sum_axis": "model"}
OVERRIDES = {"gather_axis": "model", "sum_axis": "data"}
SETTINGS = ChainMap(OVERRIDES, DEFAULTS)


def body(b):
    s = jax.lax.psum(b, SETTINGS["sum_axis"])
    target = SETTINGS["gather_axis"]
    return jax.lax.all_gather(s, target, axis=0, tiled=True, to="reduced")


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
