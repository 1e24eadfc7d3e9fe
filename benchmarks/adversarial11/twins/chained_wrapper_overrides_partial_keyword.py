"""The decorator factory's wrap calls the body with its own keyword, replacing the partial's."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

import functools


def sharded(mesh, in_specs, out_specs):
    def wrap(fn):
        def run(block):
            return fn(block)

        return jax.shard_map(run, mesh=mesh, in_specs=in_specs, out_specs=out_specs)

    return wrap


def reduce(block, axes):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, axes)


def main(mesh, x):
    return sharded(mesh, P("i", "j"), P())(functools.partial(reduce, axes=("i", "j")))(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
