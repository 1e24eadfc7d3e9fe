"""apply(fn, v) called with two functions, each on a value it fits."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def _data(v):
    return jax.lax.psum(v, "data")


def _both(v):
    return jax.lax.psum(v, ("data", "model"))


def apply(fn, v):
    return fn(v)

def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16), np.ones((8, 16), np.float32))


def main(a, b):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    a = jax.device_put(a, NamedSharding(mesh, P("data", None)))
    b = jax.device_put(b, NamedSharding(mesh, P("data", "model")))

    def body(a, b):
        return apply(_data, a.sum(axis=0)), apply(_both, b.sum(axis=0))

    return jax.shard_map(body, mesh=mesh, in_specs=(P("data", None), P("data", "model")),
                         out_specs=(P(), P()))(a, b)


if __name__ == "__main__":
    print(main(*inputs()))
