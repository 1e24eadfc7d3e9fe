"""The input is placed by a method of an object a function takes as a parameter, the one call of
that function passing a construction (`run(Schedule(), mesh)`): the object is that construction."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class Schedule:
    def __init__(self, n=64):
        self.betas = np.linspace(1e-4, 0.02, n, dtype=np.float32)

    def place(self, mesh):
        return jax.device_put(self.betas, NamedSharding(mesh, P(("i", "j"))))


def export(betas):
    return top_level_all_gather(betas, P("j", reduced={"i"}))  # SF104


def run(schedule, mesh):
    with jax.set_mesh(mesh):
        betas = schedule.place(mesh)
        return export(betas)


def main(mesh, x):
    return run(Schedule(), mesh)
