"""A loader writes an override into the read-only base view: `BASE["log_axis"] = "data"` is
Python's TypeError, which the loader catches and keeps the base's 'model', where the psum
result still varies: the program runs, and the analysis stays silent."""
import types

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

BASE = types.MappingProxyType({"log_axis": "model"})


def log_axis(override):
    try:
        BASE["log_axis"] = override
    except TypeError:
        pass
    return BASE["log_axis"]


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    axis = log_axis("data")

    def body(g):
        total = jax.lax.psum(g, "data")
        return jax.lax.all_gather(total, axis, axis=0, tiled=True, to="reduced")

    fn = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P(None, None, reduced={"model"}))
    g = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", "model")))
    return jax.jit(fn)(g)


if __name__ == "__main__":
    main()
