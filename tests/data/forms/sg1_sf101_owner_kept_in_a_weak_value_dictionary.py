"""A metrics registry keeps the objects owning its series in a `weakref.WeakValueDictionary`
(it never keeps one alive): the run follows making it and storing a module object into it, and
what it holds later is never read (a read stops the run), so the step's states are known."""
import weakref

import numpy as np
import jax
from jax.sharding import PartitionSpec as P


class Registry:
    def __init__(self):
        self.owners = weakref.WeakValueDictionary()

    def track(self, key, owner):
        self.owners[key] = owner


REGISTRY = Registry()


class Totals:
    def __init__(self, axis):
        self.axis = axis
        REGISTRY.track("totals", self)

    def __call__(self, x):
        s = jax.lax.psum(x, self.axis)
        return jax.lax.all_gather(s, self.axis, axis=0, tiled=True, to="reduced")  # SF101


def inputs():
    return (np.ones((8, 4), np.float32),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    xs = jax.device_put(x, jax.NamedSharding(mesh, P("data", None)))
    totals = Totals("data")
    f = jax.jit(jax.shard_map(totals, mesh=mesh, in_specs=P("data", None), out_specs=P(None, None, reduced={"data"})))
    return f(xs)


if __name__ == "__main__":
    main(*inputs())
