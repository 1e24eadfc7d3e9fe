"""A SimpleNamespace of helpers whose entry is rebound before use."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

import types


def _sum_all(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, ("i", "j"))


def _sum_rows(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, ("i",))


ut = types.SimpleNamespace(reduce=_sum_all)
ut.reduce = _sum_rows


def body(block):
    return ut.reduce(block)


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
