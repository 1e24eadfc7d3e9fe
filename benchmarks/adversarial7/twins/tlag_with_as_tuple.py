"""`with MeshScope(mesh) as (m, out)` sets the context mesh and yields the gather spec."""
import abc
import contextlib
import dataclasses
import functools
from jax._src.shard_map import top_level_all_gather
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class MeshScope:
    def __init__(self, mesh):
        self.mesh = mesh
        self.cm = jax.set_mesh(mesh)

    def __enter__(self):
        self.cm.__enter__()
        return self.mesh, P(None, "model", reduced={"data"})

    def __exit__(self, *exc):
        return self.cm.__exit__(*exc)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    w = jax.device_put(x, NamedSharding(mesh, P("model", "data")))
    with MeshScope(mesh) as (m, out):
        return top_level_all_gather(w, out)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
