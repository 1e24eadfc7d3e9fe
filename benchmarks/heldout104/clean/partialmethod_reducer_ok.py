"""Reductions bound per axis with functools.partialmethod."""
import functools

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Reducer:
    def _reduce(self, axis, v):
        return jax.lax.pmax(v, axis)

    max_rows = functools.partialmethod(_reduce, "data")
    max_cols = functools.partialmethod(_reduce, "model")


def body(b):
    cols = jax.lax.all_gather(b, "model", axis=1, tiled=True, to="reduced")
    return Reducer().max_rows(cols)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    f = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P(None, None, reduced={"model"}))
    return jax.jit(f)(x)


if __name__ == "__main__":
    main()
