# MoCo-style momentum queue, quick experiment: pass the key queue around a ring of devices.
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("x", "y"))
ring = lambda n: [(i, (i + 1) % n) for i in range(n)]
momentum = 0.99


def ema(old, new):
    return jax.tree.map(lambda o, n: momentum * o + (1 - momentum) * n, old, new)


@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P("x", "y"), P("x", "y")), out_specs=P("x", "y"))
def enqueue(keys, queue):
    keys = jax.lax.all_gather(keys, "y", axis=1, tiled=True)
    passed = jax.lax.ppermute(keys, "y", perm=ring(4))
    return passed


def inputs():
    rng = np.random.default_rng(2)
    return rng.normal(size=(8, 16)).astype(np.float32), rng.normal(size=(8, 16)).astype(np.float32)


def main(keys, queue):
    params = ema({"w": jnp.ones((4,))}, {"w": jnp.zeros((4,))})
    keys, queue = jax.device_put((keys * params["w"][0], queue), NamedSharding(mesh, P("x", "y")))
    return enqueue(keys, queue)


if __name__ == "__main__":
    main(*inputs())
