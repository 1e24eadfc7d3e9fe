"""A flax-like context manager sets the reduction axes for the code traced inside it."""
import contextlib

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

_REDUCE_AXES = ("data", "model")


@contextlib.contextmanager
def reduce_over(axes):
    global _REDUCE_AXES
    old, _REDUCE_AXES = _REDUCE_AXES, axes
    try:
        yield
    finally:
        _REDUCE_AXES = old


def mean_loss(b):
    return jax.lax.pmean(jnp.mean(b ** 2), _REDUCE_AXES)


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data")))
    with reduce_over(("data",)):
        return jax.shard_map(mean_loss, mesh=mesh, in_specs=P("data"), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
