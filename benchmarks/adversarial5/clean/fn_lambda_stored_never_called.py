"""Metrics.total is stored but only rows() is called."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Metrics:
    def __init__(self):
        self.total = lambda v: jax.lax.psum(v, ("data", "model"))
        self.rows = lambda v: jax.lax.psum(v, "data")

def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))

    def body(block):
        m = Metrics()
        return m.rows(block.sum(axis=0))

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
