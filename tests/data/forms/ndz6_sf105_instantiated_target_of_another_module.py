"""As dz5, but the target names a module of its own (`fastops.lax.psum`): importing it may run
any code (here no such module is installed, and the import raises), so what the partial calls is
not known and the run stops there."""
import functools
import importlib

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = {"reduce": {"_target_": "fastops.lax.psum", "_partial_": True, "axis_name": ["i", "j"]}}


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
        return reduce(jnp.sum(x))

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
