"""A read-only config (pyconfig-like): `__init__` stores its keys with `object.__setattr__`
(its own `__setattr__` refuses every store) and `__getattr__` reads them back through
`object.__getattribute__(self, "_raw")`, the ordinary lookup, which never asks `__getattr__`
again; the body's axis is a key: the psum result, invariant over 'data', is gathered to reduced."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class HyperParameters:
    def __init__(self, raw):
        object.__setattr__(self, "_raw", raw)

    def __getattr__(self, key):
        raw = object.__getattribute__(self, "_raw")
        if key in raw:
            return raw[key]
        raise AttributeError(key)

    def __setattr__(self, key, value):
        raise ValueError("config is read-only")


def main():
    cfg = HyperParameters({"mesh_axes": ("data", "model"), "log_axis": "data"})
    mesh = jax.make_mesh((4, 2), cfg.mesh_axes)

    def body(g):
        total = jax.lax.psum(g, cfg.log_axis)
        return jax.lax.all_gather(total, cfg.log_axis, axis=0, tiled=True, to="reduced")  # SF101

    fn = jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P(None, None, reduced={"data"}))
    g = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.jit(fn)(g)


if __name__ == "__main__":
    main()
