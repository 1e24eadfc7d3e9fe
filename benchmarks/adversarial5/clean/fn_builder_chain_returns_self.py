"""rows_only() narrows the axes and returns self before reducer() is built."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Plan:
    def __init__(self):
        self.axes = ("data", "model")

    def rows_only(self):
        self.axes = ("data",)
        return self

    def reducer(self):
        return lambda v: jax.lax.psum(v, self.axes)

def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    red = Plan().rows_only().reducer()

    def body(block):
        return red(block.sum(axis=0))

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
