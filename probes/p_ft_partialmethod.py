import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

import functools
class Layout:
    def __init__(self):
        self.names = ("data", "model")
    def name(self, i):
        return self.names[i]
    data = functools.partialmethod(name, 0)
    model = functools.partialmethod(name, 1)
L = Layout()
DATA, MODEL = L.data(), L.model()
AXES = (DATA, MODEL)


def body(x):
    y = lax.psum(x, DATA)
    return lax.pmean(y, AXES)  # SF105


def main():
    mesh = jax.make_mesh((2, 4), AXES)
    f = jax.shard_map(body, mesh=mesh, in_specs=P(DATA, MODEL), out_specs=P())
    x = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P(DATA, MODEL)))
    return f(x)


if __name__ == "__main__":
    main()
