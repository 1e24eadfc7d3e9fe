"""The lambda set in __init__ is replaced before the shard_map traces."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Head:
    def __init__(self):
        self.reduce = lambda v: jax.lax.psum(v, ("data", "model"))

def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    head = Head()
    head.reduce = lambda v: jax.lax.psum(v, "data")

    def body(block):
        return head.reduce(block.sum(axis=0))

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
