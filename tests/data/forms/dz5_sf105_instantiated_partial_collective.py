"""Hydra-style `instantiate` builds the loss's reducer from a config node
`{"_target_": "jax.lax.psum", "_partial_": True, "axis_name": [...]}`: the target is found with
`getattr(importlib.import_module("jax.lax"), "psum")`, a library function, and the partial sums
over both axes a value varying on 'i' only."""
import functools
import importlib

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = {"reduce": {"_target_": "jax.lax.psum", "_partial_": True, "axis_name": ["i", "j"]}}


def locate(path):
    module, _, attr = path.rpartition(".")
    return getattr(importlib.import_module(module), attr)


def instantiate(node):
    params = {k: tuple(v) if isinstance(v, list) else v for k, v in node.items() if not k.startswith("_")}
    target = locate(node["_target_"])
    return functools.partial(target, **params) if node.get("_partial_", False) else target(**params)


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", None)))
    reduce = instantiate(CONFIG["reduce"])

    def body(x):
        return reduce(jnp.sum(x))  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
