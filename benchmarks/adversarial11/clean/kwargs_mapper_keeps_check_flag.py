"""A filter-style decorator factory takes check= for itself and hands it to shard_map as check_vma."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

import functools


def sharded(fn=None, check=True, **kw):
    if fn is None:
        return functools.partial(sharded, check=check, **kw)
    return jax.jit(jax.shard_map(fn, check_vma=check, **kw))


def main(mesh, x):
    @sharded(mesh=mesh, in_specs=P("i", "j"), out_specs=P(), check=False)
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, ("i", "j"))

    return body(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
