"""The decorator returns _data instead of the decorated function."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def replaced_by(fn):
    def deco(_ignored):
        return fn
    return deco


def _data(v):
    return jax.lax.psum(v, "data")


@replaced_by(_data)
def reduce_rows(v):
    return jax.lax.psum(v, ("data", "model"))

def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))

    def body(block):
        return reduce_rows(block.sum(axis=0))

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
