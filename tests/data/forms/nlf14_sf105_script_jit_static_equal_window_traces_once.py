"""The step of lf14 given (2, 2) and then (2, 2.0): the items' types differ but the tuples are
equal and hash alike, and JAX keys a static argument by its own type and `==`, so the second call
is answered from the cache (one trace) and the job picks ("data",): the psum passes. (Where jit
is disabled, two traces: the run cannot tell, and stays silent.)"""
import functools

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TRACES = []


@functools.partial(jax.jit, static_argnames="window")
def pool(x, window):
    TRACES.append(window)
    return x * (window[0] * window[1])


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)

    return body


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    config = {"height": 2, "width": 2.0}
    pool(x, window=(2, 2))
    pool(x, window=(config["height"], config["width"]))
    axes = ("data", "model")[:len(TRACES)]
    return jax.shard_map(make_body(axes), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
