"""A method reshards the transposed input to the gather's layout under the context mesh."""
import abc
import contextlib
import dataclasses
import functools
from jax._src.shard_map import top_level_all_gather
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Pipeline:
    def __init__(self, mesh):
        self.mesh = mesh

    def prepare(self, a):
        return jax.reshard(a, P("data", "model"))

    def run(self, a):
        with jax.set_mesh(self.mesh):
            w = a
            return top_level_all_gather(w, P(None, "model", reduced={"data"}))


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    a = jax.device_put(x, NamedSharding(mesh, P("model", "data")))
    return Pipeline(mesh).run(a)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
