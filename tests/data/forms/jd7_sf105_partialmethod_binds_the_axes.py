"""The reducer's `reduce_all` is a partialmethod of its `_reduce` with the axes given: read off
the instance it is `_reduce` bound to it with ("data", "model") after `self`, so the psum runs over
both axes on a value varying on "data" only, and raises."""
import functools

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Reducer:
    def __init__(self, mesh):
        self.mesh = mesh

    def _reduce(self, axes, x):
        def body(block):
            return jax.lax.psum(block, axes)  # SF105

        return jax.shard_map(body, mesh=self.mesh, in_specs=P("data", None), out_specs=P())(x)

    reduce_rows = functools.partialmethod(_reduce, ("data",))
    reduce_all = functools.partialmethod(_reduce, ("data", "model"))


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    reducer = Reducer(mesh)
    reducer.reduce_rows(x)
    return reducer.reduce_all(x)


if __name__ == "__main__":
    main()
