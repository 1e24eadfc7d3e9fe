"""Near-miss of sg3: the retry decorator catching `FloatingPointError` wraps the scatter as
there, but the step hands it its own varying rows, not the reduced gathered copy, which JAX
takes: the retried call is followed once, with no finding."""
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
    return jax.lax.psum_scatter(x, axis, scatter_dimension=0, tiled=True)


def step(x):
    full = jax.lax.all_gather(x, "chip", axis=0, tiled=True, to="reduced")
    return scatter(x, "chip")


def inputs():
    return (np.ones((16, 4), np.float32),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("pod", "chip"))
    xs = jax.device_put(x, jax.NamedSharding(mesh, P("chip", None)))
    f = jax.jit(jax.shard_map(step, mesh=mesh, in_specs=P("chip", None), out_specs=P("chip", None)))
    return f(xs)


if __name__ == "__main__":
    main(*inputs())
