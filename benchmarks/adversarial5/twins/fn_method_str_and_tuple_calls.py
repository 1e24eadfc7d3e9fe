"""One method called with a str axis and with a tuple, each on a value it fits."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Reducer:
    def total(self, v, axes):
        return jax.lax.psum(v, axes)

def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16), np.ones((8, 16), np.float32))


def main(a, b):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    a = jax.device_put(a, NamedSharding(mesh, P("data", None)))
    b = jax.device_put(b, NamedSharding(mesh, P("data", "model")))

    def body(a, b):
        r = Reducer()
        return r.total(a.sum(axis=0), ("data", "model")), r.total(b.sum(axis=0), ("data", "model"))

    return jax.shard_map(body, mesh=mesh, in_specs=(P("data", None), P("data", "model")),
                         out_specs=(P(), P()))(a, b)


if __name__ == "__main__":
    print(main(*inputs()))
