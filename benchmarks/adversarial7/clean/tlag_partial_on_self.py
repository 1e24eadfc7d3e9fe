"""A Gatherer stores partial(top_level_all_gather, out_sharding=...) from its constructor argument."""
import abc
import contextlib
import dataclasses
import functools
from jax._src.shard_map import top_level_all_gather
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Gatherer:
    def __init__(self, out):
        self.gather = functools.partial(top_level_all_gather, out_sharding=out)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    g = Gatherer(P(None, "model", reduced={"data"}))
    w = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    with jax.set_mesh(mesh):
        return g.gather(w)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
