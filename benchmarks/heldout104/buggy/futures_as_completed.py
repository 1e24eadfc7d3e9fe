"""Axis roles are resolved concurrently; results are collected as they complete."""
from concurrent.futures import ThreadPoolExecutor, as_completed

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ROLES = {"batch": 0, "hidden": 1}


def resolve(names):
    resolved = {}
    with ThreadPoolExecutor(max_workers=2) as pool:
        futures = {pool.submit(names.__getitem__, i): role for role, i in ROLES.items()}
        for fut in as_completed(futures):
            resolved[futures[fut]] = fut.result()
    return resolved


def body(b):
    cols = jax.lax.all_gather(b, "model", axis=1, tiled=True, to="reduced")
    axes = resolve(("data", "model"))
    return jax.lax.pmin(cols, axes["hidden"])


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    f = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P("data"))
    return jax.jit(f)(x)


if __name__ == "__main__":
    main()
