"""The statistics helper is resolved with importlib.import_module from a dotted config name."""
import importlib

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = {"reducer": "jax.lax:pmean", "gather_to": "reduced"}


def resolve(dotted):
    module, _, attr = dotted.partition(":")
    return getattr(importlib.import_module(module), attr)


def body(x):
    reducer = resolve(CONFIG["reducer"])
    full = jax.lax.all_gather(x, "data", axis=0, tiled=True, to=CONFIG["gather_to"])
    return reducer(full, "data")


def inputs():
    return (np.random.default_rng(45).normal(size=(16, 8)).astype(np.float32),)


def main(x):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    fn = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P(None, "model"))
    return fn(jax.device_put(x, NamedSharding(mesh, P("data", "model"))))


if __name__ == "__main__":
    main(*inputs())
