"""The eval config is a deep copy edited for the eval layout; the train config is untouched."""
import copy

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TRAIN_CFG = {"sharding": {"x": P("data", None), "sum_axes": ("data",)}}
EVAL_CFG = copy.deepcopy(TRAIN_CFG)
EVAL_CFG["sharding"]["x"] = P("data", "model")
EVAL_CFG["sharding"]["sum_axes"] = ("data", "model")


def run(cfg, mesh, x):
    spec = cfg["sharding"]["x"]
    x = jax.device_put(x, NamedSharding(mesh, spec))

    def total(v):
        return jax.lax.psum(jnp.sum(v), cfg["sharding"]["sum_axes"])

    return jax.shard_map(total, mesh=mesh, in_specs=spec, out_specs=P())(x)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    return run(TRAIN_CFG, mesh, x), run(EVAL_CFG, mesh, x)


if __name__ == "__main__":
    print(main(*inputs()))
