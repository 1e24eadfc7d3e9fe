import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

import numpy as np
names = ["model", "data"]
ranks = np.array([2, 1])
AXES = tuple(names[i] for i in np.argsort(ranks))
DATA, MODEL = AXES
shape = tuple(int(s) for s in np.array_split(np.arange(8), 2)[0][:2] + 2)


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
