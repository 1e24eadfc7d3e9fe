"""A bound method of a registry instance made with one axis is the reducer."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Reducer:
    def __init__(self, axes=("data", "model")):
        self.axes = axes

    def reduce(self, v):
        return jax.lax.psum(v, self.axes)


ROWS = Reducer("data")
ALL = Reducer()


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))

    def body(block):
        fn = ROWS.reduce
        return fn(block.sum(axis=0))

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
