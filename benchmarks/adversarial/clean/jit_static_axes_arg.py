"""A jitted step with the reduction axes as a static argument; the caller passes the 1-D axes."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = None


@functools.partial(jax.jit, static_argnames=("axes", "spec"))
def step(x, axes=("data", "model"), spec=P("data", "model")):
    def body(b):
        return jax.lax.pmean(jnp.mean(b), axes)
    return jax.shard_map(body, mesh=MESH, in_specs=spec, out_specs=P())(x)


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(x):
    global MESH
    MESH = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(MESH, P("data")))
    return step(x, axes=("data",), spec=P("data"))


if __name__ == "__main__":
    print(main(*inputs()))
