"""Restart file of a domain-decomposed solve: subdomain solutions are written with one component split per host."""
import dataclasses

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class CheckpointLayout:
    solution: P = dataclasses.field(default_factory=lambda: P("sub", "comp"))
    restart: P = dataclasses.field(default_factory=lambda: P(None, "comp", reduced={"sub"}))


class RestartWriter:
    def __init__(self, mesh, layout=None):
        self.mesh = mesh
        self.layout = layout or CheckpointLayout()

    def place(self, u):
        return jax.device_put(u, NamedSharding(self.mesh, self.layout.solution))

    def write(self, u):
        with jax.set_mesh(self.mesh):
            return top_level_all_gather(u, self.layout.restart)


def inputs():
    return (np.linspace(0.0, 1.0, 64, dtype=np.float32).reshape(16, 4),)


def main(u):
    mesh = jax.make_mesh((4, 2), ("sub", "comp"))
    writer = RestartWriter(mesh)
    restart = writer.write(writer.place(u))
    return np.asarray(restart)


if __name__ == "__main__":
    main(*inputs())
