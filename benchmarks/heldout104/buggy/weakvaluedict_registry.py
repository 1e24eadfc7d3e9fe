"""Collectives are cached in a WeakValueDictionary keyed by role."""
import weakref

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Collective:
    def __init__(self, axis):
        self.axis = axis

    def __call__(self, v):
        return jax.lax.all_gather(v, self.axis, axis=0, tiled=True)


CACHE = weakref.WeakValueDictionary()
_keep = [Collective("data"), Collective("model")]
CACHE["rows"], CACHE["cols"] = _keep


def body(b):
    cols = jax.lax.all_gather(b, "model", axis=1, tiled=True, to="reduced")
    return CACHE["cols"](cols)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    f = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P("data", "model"))
    return jax.jit(f)(x)


if __name__ == "__main__":
    main()
