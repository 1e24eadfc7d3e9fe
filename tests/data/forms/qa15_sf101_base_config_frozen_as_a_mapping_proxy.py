"""The base keys are frozen as a read-only view, `types.MappingProxyType({...})`; the loader
refuses unknown overrides (`k in BASE`), merges with `{**BASE, **overrides}` and reads the
result: the log axis is 'data', where the psum result is invariant: gathered to reduced over
'data'."""
import types

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

BASE = types.MappingProxyType({"mesh_axes": ("data", "model"), "mesh_shape": (4, 2), "log_axis": "model"})


def initialize(**overrides):
    for key in overrides:
        if key not in BASE:
            raise KeyError(key)
    return {**BASE, **overrides}


def main():
    cfg = initialize(log_axis="data")
    mesh = jax.make_mesh(cfg["mesh_shape"], cfg["mesh_axes"])
    axis = cfg["log_axis"]

    def body(g):
        total = jax.lax.psum(g, "data")
        return jax.lax.all_gather(total, axis, axis=0, tiled=True, to="reduced")  # SF101

    fn = jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P(None, None, reduced={"data"}))
    g = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.jit(fn)(g)


if __name__ == "__main__":
    main()
