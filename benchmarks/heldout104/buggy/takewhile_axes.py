"""Reduce over the leading mesh axes up to the pipeline axis."""
import itertools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXIS_ORDER = ["data", "model", "pipe"]


def body(b):
    mean = jax.lax.pmean(jnp.mean(b), "model")
    axes = tuple(itertools.takewhile(lambda a: a != "pipe", AXIS_ORDER))
    return jax.lax.pmean(mean, axes)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    f = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P())
    return jax.jit(f)(x)


if __name__ == "__main__":
    main()
