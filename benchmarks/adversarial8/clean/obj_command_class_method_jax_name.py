"""A command class with a method named all_gather gathers under the mesh set by its caller."""
import contextlib
import functools
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class Strategy:
    def __init__(self, spec):
        self.spec = spec

    def all_gather(self, w):
        return top_level_all_gather(w, self.spec)


class Job:
    def __init__(self, mesh, strategy):
        self.mesh = mesh
        self.strategy = strategy

    def run(self, w):
        with jax.set_mesh(self.mesh):
            return self.strategy.all_gather(w)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    w = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    return Job(mesh, Strategy(P(None, "model", reduced={"data"}))).run(w)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
