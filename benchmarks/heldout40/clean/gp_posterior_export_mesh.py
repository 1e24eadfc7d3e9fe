"""Exporting a GP posterior mean computed on a data x feature mesh to a replicated array."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class ExportConfig:
    data_axis: str = "data"
    feature_axis: str = "feat"


class PosteriorExporter:
    def __init__(self, mesh, cfg=ExportConfig()):
        self.mesh = mesh
        self.cfg = cfg

    def place(self, mean):
        return jax.device_put(mean, NamedSharding(self.mesh, P(self.cfg.data_axis, None)))

    def export(self, mean):
        return top_level_all_gather(mean, P(None, None, reduced={self.cfg.data_axis}))


def inputs():
    mean = np.random.default_rng(4).normal(size=(16, 8)).astype(np.float32)
    return (mean,)


def main(mean):
    mesh = jax.make_mesh((2, 4), ("data", "feat"))
    exporter = PosteriorExporter(mesh)
    placed = exporter.place(mean)
    with jax.set_mesh(mesh):
        exported = exporter.export(placed)
    return exported


if __name__ == "__main__":
    main(*inputs())
