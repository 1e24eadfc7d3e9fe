import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

import functools
@functools.total_ordering
class Ax:
    def __init__(self, name, rank):
        self.name, self.rank = name, rank
    def __eq__(self, o):
        return self.rank == o.rank
    def __lt__(self, o):
        return self.rank < o.rank
axs = sorted([Ax("model", 2), Ax("data", 1)])
assert axs[1] >= axs[0]
AXES = tuple(a.name for a in axs)
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
