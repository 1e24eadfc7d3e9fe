"""A seeded random.Random decides whether this run rescales for dropout."""
import random

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SEED = 0


def keep_prob(seed):
    rng = random.Random(seed)
    return rng.choice([1.0, 0.9, 0.8])


def body(b):
    rows = jax.lax.all_gather(b, "data", axis=0, tiled=True, to="reduced")
    p = keep_prob(SEED)
    if p < 1.0:
        rows = rows / p
    return rows


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    f = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P(None, "model", reduced={"data"}))
    return jax.jit(f)(x)


if __name__ == "__main__":
    main()
