"""`reduce_all` binds axes=("data", "model") as a keyword, but the caller passes its own
`axes=("data",)`: a partialmethod's keywords are defaults the call overrides, so the psum runs over
"data" only and nothing raises."""
import functools

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Reducer:
    def __init__(self, mesh):
        self.mesh = mesh

    def _reduce(self, x, axes):
        def body(block):
            return jax.lax.psum(block, axes)

        return jax.shard_map(body, mesh=self.mesh, in_specs=P("data", None), out_specs=P())(x)

    reduce_all = functools.partialmethod(_reduce, axes=("data", "model"))


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    return Reducer(mesh).reduce_all(x, axes=("data",))


if __name__ == "__main__":
    main()
