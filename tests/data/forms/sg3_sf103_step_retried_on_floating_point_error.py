"""A collective wrapped in a retry decorator that catches `FloatingPointError` (what JAX raises
under its NaN checks): the name is a builtin exception class, and nothing the run follows raises
it, so the retried call is followed once and the step's states are known."""
import functools

import numpy as np
import jax
from jax.sharding import PartitionSpec as P


def retry(*exc_types, attempts=2):
    def deco(fn):
        @functools.wraps(fn)
        def wrapper(*args):
            for i in range(attempts):
                try:
                    return fn(*args)
                except exc_types:
                    if i == attempts - 1:
                        raise
        return wrapper
    return deco


@retry(FloatingPointError)
def scatter(x, axis):
    return jax.lax.psum_scatter(x, axis, scatter_dimension=0, tiled=True)  # SF103


def step(x):
    full = jax.lax.all_gather(x, "chip", axis=0, tiled=True, to="reduced")
    return scatter(full, "chip")


def inputs():
    return (np.ones((16, 4), np.float32),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("pod", "chip"))
    xs = jax.device_put(x, jax.NamedSharding(mesh, P("chip", None)))
    f = jax.jit(jax.shard_map(step, mesh=mesh, in_specs=P("chip", None), out_specs=P("chip", None)))
    return f(xs)


if __name__ == "__main__":
    main(*inputs())
