"""The decorator of lf18 written with `kwargs.update(axes=("data",))`: it replaces the axes the
caller passes in place, without rebinding `kwargs`, so the def runs with ("data",) and the psum
of a value varying on "data" passes."""
import functools

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def data_parallel_only(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        kwargs.update(axes=("data",))
        return fn(*args, **kwargs)

    return wrapper


@data_parallel_only
def reduce_rows(mesh, x, axes=("data", "model")):
    def body(block):
        return jax.lax.psum(block, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    return reduce_rows(mesh, x, axes=("data", "model"))


if __name__ == "__main__":
    main()
