"""A deep copy is changed and passed; the untouched TRAIN is never used."""
import copy
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TRAIN = {"axes": ("data", "model")}


def make_step(mesh, cfg):
    def body(block):
        return jax.lax.psum(block.sum(axis=0), cfg["axes"])
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    cfg = copy.deepcopy(TRAIN)
    cfg["axes"] = "data"
    return make_step(mesh, TRAIN)(x)


if __name__ == "__main__":
    print(main(*inputs()))
