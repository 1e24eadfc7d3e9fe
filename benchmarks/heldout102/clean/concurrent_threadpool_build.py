"""Eval functions built in a ThreadPoolExecutor; the global depth gathers 'data' second."""
import concurrent.futures

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DEPTHS = {"node": [("model", 1)], "global": [("model", 1), ("data", 0)]}
OUT = {"node": P("data", None, reduced={"model"}), "global": P(None, None, reduced={"data", "model"})}


def build(depth, mesh):
    def body(x):
        for axes, dim in DEPTHS[depth]:
            x = jax.lax.all_gather(x, axes, axis=dim, tiled=True, to="reduced")
        return x
    return depth, jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=OUT[depth])


def main(x):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        fns = dict(pool.map(lambda d: build(d, mesh), DEPTHS))
    return {name: fn(x) for name, fn in fns.items()}


def inputs():
    return (np.random.default_rng(114).normal(size=(16, 8)).astype(np.float32),)


if __name__ == "__main__":
    main(*inputs())
