"""SCAFFOLD client: the drift correction (c - c_i) needs the global variate on every silo."""
import functools
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Axes(NamedTuple):
    silo: str = "silo"
    shard: str = "shard"


AXES = Axes()


def _full_view(c_global, axes=AXES):
    return jax.lax.all_gather(c_global, tuple(axes), axis=1, tiled=True, to="reduced")


class ScaffoldClient:
    def __init__(self, lr, axes=AXES):
        self.lr = lr
        self.axes = axes

    def correction(self, c_i):
        c_global = jax.lax.all_gather(c_i, self.axes.silo, axis=0, tiled=True, to="reduced")
        return _full_view(c_global, self.axes)


def inputs():
    return (np.arange(4 * 16, dtype=np.float32).reshape(4, 16) / 64.0,)


def main(c_i):
    mesh = jax.make_mesh((4, 2), tuple(AXES))
    c_i = jax.device_put(c_i, NamedSharding(mesh, P(AXES.silo, AXES.shard)))
    client = ScaffoldClient(lr=0.1)
    body = functools.partial(ScaffoldClient.correction, client)
    out = P(None, None, reduced={AXES.silo, AXES.shard})
    return jax.shard_map(body, mesh=mesh, in_specs=P(AXES.silo, AXES.shard), out_specs=out)(c_i)


if __name__ == "__main__":
    main(*inputs())
