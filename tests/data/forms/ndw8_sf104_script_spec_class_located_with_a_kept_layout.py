import importlib

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = {"export": {"_target_": "jax.sharding.PartitionSpec", "_args_": [None, "j"]}}


def locate(path):
    module, _, attr = path.rpartition(".")
    return getattr(importlib.import_module(module), attr)


def instantiate(node, **kwargs):
    return locate(node["_target_"])(*node["_args_"], **kwargs)


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    with jax.set_mesh(mesh):
        return top_level_all_gather(x, instantiate(CONFIG["export"], reduced={"i"}))


if __name__ == "__main__":
    main()
