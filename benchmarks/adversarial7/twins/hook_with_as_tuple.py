"""`with Layout('rows') as (axes, spec)` unpacks the axes and spec __enter__ returns."""
import abc
import contextlib
import dataclasses
import functools
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Layout:
    TABLE = {"rows": (("data",), P("data", None)), "wide": (("data", "model"), P("data", None))}

    def __init__(self, name):
        self.name = name

    def __enter__(self):
        return self.TABLE[self.name]

    def __exit__(self, *exc):
        return False


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    with Layout("wide") as (axes, spec):
        x = jax.device_put(x, NamedSharding(mesh, spec))
        body = lambda block: jax.lax.psum(block.sum(axis=0), axes)
        return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())(x)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
