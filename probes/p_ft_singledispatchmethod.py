import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

import functools
class Resolver:
    @functools.singledispatchmethod
    def resolve(self, arg):
        raise TypeError(arg)
    @resolve.register
    def _(self, arg: str):
        return tuple(arg.split(","))
    @resolve.register
    def _(self, arg: int):
        return ("data", "model")[:arg]
AXES = Resolver().resolve("data,model")
DATA, MODEL = AXES


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
