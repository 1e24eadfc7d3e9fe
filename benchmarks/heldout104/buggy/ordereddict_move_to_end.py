"""The first axis of an ordered registry (recently used axes go last) is gathered."""
from collections import OrderedDict

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

REGISTRY = OrderedDict([("data", 4), ("model", 2)])


def touch(name):
    REGISTRY.move_to_end(name)


touch("data")


def body(b):
    s = jax.lax.psum(b, "model")
    first = next(iter(REGISTRY))
    return jax.lax.all_gather(s, first, axis=0, tiled=True, to="reduced")


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
