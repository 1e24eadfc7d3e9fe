# InfoNCE with a learnable temperature -- notebook cell comparing tau values.
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("x", "y"))


def similarity(a, b):
    return a @ b.T


def logits_for(a, b, tau):
    sims = jax.lax.all_gather(similarity(a, b), "y", axis=1, to="reduced", tiled=True)
    return sims / tau


def inputs():
    rng = np.random.default_rng(5)
    return rng.normal(size=(16, 8)).astype(np.float32), rng.normal(size=(16, 8)).astype(np.float32)


def main(a, b):
    a = jax.device_put(a, NamedSharding(mesh, P("x", None)))
    b = jax.device_put(b, NamedSharding(mesh, P("y", None)))
    results = {}
    for tau in (0.07, 0.2):
        f = jax.shard_map(functools.partial(logits_for, tau=tau), mesh=mesh,
                          in_specs=(P("x", None), P("y", None)), out_specs=P("x", None, reduced={"y"}))
        results[tau] = f(a, b)
    return results


if __name__ == "__main__":
    main(*inputs())
