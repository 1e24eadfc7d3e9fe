"""A read-only config whose `__getattr__` reads its store with `super().__getattribute__("_raw")`
(no base defines the hook: object's, the ordinary lookup) and whose `__init__` stores it with
`super().__setattr__`; the psum result, invariant over 'data', is gathered to reduced."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Config:
    def __init__(self, **raw):
        super().__setattr__("_raw", dict(raw))

    def __getattr__(self, key):
        try:
            return super().__getattribute__("_raw")[key]
        except KeyError:
            raise AttributeError(key) from None

    def __setattr__(self, key, value):
        raise TypeError("frozen")


def main():
    cfg = Config(mesh_axes=("data", "model"), metric_axis="data")
    mesh = jax.make_mesh((4, 2), cfg.mesh_axes)

    def body(g):
        total = jax.lax.psum(g, cfg.metric_axis)
        return jax.lax.all_gather(total, cfg.metric_axis, axis=0, tiled=True, to="reduced")  # SF101

    fn = jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P(None, None, reduced={"data"}))
    g = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.jit(fn)(g)


if __name__ == "__main__":
    main()
