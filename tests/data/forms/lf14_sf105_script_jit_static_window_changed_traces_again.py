"""A jitted pooling step takes its window as a static tuple and logs each trace; the second call
passes (2, 3.0) (one size read from a float config) where the first passed (2, 2). The tuples
differ, so JAX traces the step again: two logged traces make the job pick the psum over both
mesh axes, which raises."""
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
        return jax.lax.psum(block, axes)  # SF105

    return body


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    config = {"height": 2, "width": 3.0}
    pool(x, window=(2, 2))
    pool(x, window=(config["height"], config["width"]))
    axes = ("data", "model")[:len(TRACES)]
    return jax.shard_map(make_body(axes), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
