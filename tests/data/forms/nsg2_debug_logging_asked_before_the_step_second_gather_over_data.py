"""Near-miss of sg2: the same `log_args` decorator asks `log.isEnabledFor(logging.DEBUG)`, but
the second reduced gather is over `data` only (the value is reduced over `model` alone), which
JAX takes on both branches of the debug check: no finding."""
import functools
import logging

import numpy as np
import jax
from jax.sharding import PartitionSpec as P

log = logging.getLogger("obs")


def log_args(fn):
    @functools.wraps(fn)
    def wrapper(*args):
        if log.isEnabledFor(logging.DEBUG):
            log.debug("%s shapes=%s", fn.__qualname__, [getattr(a, "shape", None) for a in args])
        return fn(*args)
    return wrapper


@log_args
def step(x):
    g = jax.lax.all_gather(x, "model", axis=1, tiled=True, to="reduced")
    return jax.lax.all_gather(g, "data", axis=0, tiled=True, to="reduced")


def inputs():
    return (np.ones((8, 8), np.float32),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    xs = jax.device_put(x, jax.NamedSharding(mesh, P("data", "model")))
    f = jax.jit(jax.shard_map(step, mesh=mesh, in_specs=P("data", "model"), out_specs=P(None, None, reduced={"data", "model"})))
    return f(xs)


if __name__ == "__main__":
    main(*inputs())
