"""Near miss of cg5: the one call passes an object of the other class, which lays the betas out as
`("j", "i")`: the gather to `P("j", reduced={"i"})` keeps a prefix and is valid."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class Schedule:
    def __init__(self, n=64):
        self.betas = np.linspace(1e-4, 0.02, n, dtype=np.float32)

    def place(self, mesh):
        return jax.device_put(self.betas, NamedSharding(mesh, P(("i", "j"))))


class ServeSchedule:
    def __init__(self, n=64):
        self.betas = np.linspace(1e-4, 0.02, n, dtype=np.float32)

    def place(self, mesh):
        return jax.device_put(self.betas, NamedSharding(mesh, P(("j", "i"))))


def export(betas):
    return top_level_all_gather(betas, P("j", reduced={"i"}))


def run(schedule, mesh):
    with jax.set_mesh(mesh):
        betas = schedule.place(mesh)
        return export(betas)


def main(mesh, x):
    return run(ServeSchedule(), mesh)
