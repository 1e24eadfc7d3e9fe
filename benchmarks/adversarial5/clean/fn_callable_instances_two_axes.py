"""Two callable instances with different axes, each on the value it fits."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Reduce:
    def __init__(self, axes):
        self.axes = axes

    def __call__(self, v):
        return jax.lax.psum(v, self.axes)


ROWS = Reduce("data")
TOTAL = Reduce(("data", "model"))

def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))

    def body(block):
        r = ROWS(block.sum(axis=0))
        return TOTAL(r)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
