import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

import itertools
combos = list(itertools.combinations(["data", "model", "pipe"], 2))
AXES = combos[0]
DATA, MODEL = AXES
perms = list(itertools.permutations(AXES))
assert perms[1] == ("model", "data")


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
