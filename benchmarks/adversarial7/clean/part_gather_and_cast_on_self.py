"""Partials of pcast and all_gather(to='reduced') stored on self; the psum result is cast before the gather."""
import abc
import contextlib
import dataclasses
import functools
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Gather:
    def __init__(self, axis):
        self.cast = functools.partial(jax.lax.pcast, axis_name=axis, to="varying")
        self.gather = functools.partial(jax.lax.all_gather, axis_name=axis, to="reduced", tiled=True)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    g = Gather("data")

    def body(block):
        s = jax.lax.psum(block, "data")
        s = g.cast(s)
        return g.gather(s)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P(None, "model", reduced={"data"}))(x)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
