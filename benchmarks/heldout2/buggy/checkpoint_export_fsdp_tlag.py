"""Checkpoint exporter: parameters live sharded over ('fsdp', 'tp') on their first dimension;
the exporter re-lays them out for a tensor-parallel-only inference server."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Exporter:
    train_axes = ("fsdp", "tp")
    serve_spec = P("tp", reduced={"fsdp"})

    def __init__(self, mesh):
        self.mesh = mesh

    def load(self, host_array):
        return jax.device_put(host_array, NamedSharding(self.mesh, P(self.train_axes)))

    def export(self, param):
        return top_level_all_gather(param, self.serve_spec)


def inputs():
    return (np.arange(16 * 4, dtype=np.float32).reshape(16, 4),)


def main(w):
    mesh = jax.make_mesh((2, 4), ("fsdp", "tp"))
    exporter = Exporter(mesh)
    with jax.set_mesh(mesh):
        param = exporter.load(w)
        return exporter.export(param)
