import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

import collections
roles = collections.defaultdict(list)
for name, role in [("data", "batch"), ("model", "hidden")]:
    roles[role].append(name)
DATA = roles["batch"][0]
MODEL = roles["hidden"][0]
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
