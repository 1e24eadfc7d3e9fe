"""Measurement table of a Monte Carlo run: per-sample series collected for the analysis host."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

N_SAMPLES = 8
N_MEAS = 32
MESH_AXES = ("sample", "block")

TABLE_SPEC = P("sample", "block")
HOST_SPEC = P("sample", None, reduced={"block"})


class MeasurementTable:
    columns = ("energy", "magnetisation")

    def __init__(self, mesh):
        self.mesh = mesh
        self.data = {}

    def add(self, name, values):
        self.data[name] = jax.device_put(values, NamedSharding(self.mesh, TABLE_SPEC))

    def to_host(self):
        with self.mesh:
            return {name: top_level_all_gather(arr, HOST_SPEC) for name, arr in self.data.items()}


def inputs():
    rng = np.random.default_rng(167)
    e = rng.normal(loc=-1.4, scale=0.1, size=(N_SAMPLES, N_MEAS)).astype(np.float32)
    m = rng.normal(loc=0.7, scale=0.1, size=(N_SAMPLES, N_MEAS)).astype(np.float32)
    return e, m


def main(energy, magnetisation):
    mesh = jax.make_mesh((2, 4), MESH_AXES)
    table = MeasurementTable(mesh)
    table.add("energy", energy)
    table.add("magnetisation", magnetisation)
    return table.to_host()


if __name__ == "__main__":
    main(*inputs())
