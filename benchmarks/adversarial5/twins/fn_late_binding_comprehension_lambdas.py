"""Lambdas built in a comprehension all see the last axis (late binding)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


AXES = (("data", "model"), "data")
REDUCERS = [lambda v, ax=ax: jax.lax.psum(v, ax) for ax in AXES]

def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))

    def body(block):
        s = block.sum(axis=0)
        return REDUCERS[0](s) + REDUCERS[1](s)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
