"""A method tries the gather, and on failure enters the mesh and calls itself; the meshed retry succeeds."""
import contextlib
import functools
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class Exporter:
    def __init__(self, mesh):
        self.mesh = mesh

    def export(self, w, retried=False):
        if retried:
            return top_level_all_gather(w, P(None, "model", reduced={"data"}))
        with jax.set_mesh(self.mesh):
            return self.export(w, retried=True)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    w = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    return Exporter(mesh).export(w)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
