"""A helper memoizes its wide sum in a module dict: the second call returns the cached value."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

_CACHE = {}


def stats(block):
    if "total" in _CACHE:
        return _CACHE["total"]
    total = jax.lax.psum(block, ("i", "j"))
    _CACHE["last"] = total
    return total


def body(block):
    first = stats(block)
    counts = jax.lax.psum(block, "j")
    return first + stats(counts)


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
