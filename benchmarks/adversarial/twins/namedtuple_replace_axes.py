"""Axis names in a NamedTuple; the eval variant is made with _replace."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Axes(NamedTuple):
    batch: str = "dp"
    reduce: tuple = ("dp", "tp")


TRAIN_AXES = Axes()


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(x):
    eval_axes = TRAIN_AXES
    mesh = jax.make_mesh((2, 4), ("dp", "tp"))
    x = jax.device_put(x, NamedSharding(mesh, P(eval_axes.batch)))

    def body(b):
        return jax.lax.psum(jnp.sum(b, axis=0), eval_axes.reduce)

    return jax.shard_map(body, mesh=mesh, in_specs=P(eval_axes.batch), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
