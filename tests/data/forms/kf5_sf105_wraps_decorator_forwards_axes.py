"""A timing decorator forwards every argument unchanged (`fn(*args, **kwargs)` under
functools.wraps), so the helper gets the ("data", "model") main passes and its psum of a value
varying on "data" only raises."""
import functools
import time

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def timed(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        start = time.perf_counter()
        out = fn(*args, **kwargs)
        print(fn.__name__, time.perf_counter() - start)
        return out

    return wrapper


@timed
def reduce(mesh, x, axes):
    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    return reduce(mesh, x, ("data", "model"))


if __name__ == "__main__":
    main()
