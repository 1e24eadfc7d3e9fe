"""VCF export: the genotype matrix is brought to the writer's layout before serialisation."""
from dataclasses import dataclass, field

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class ExportConfig:
    mesh_shape: tuple = (2, 4)
    mesh_axes: tuple = ("samples", "loci")
    compute_layout: P = field(default_factory=lambda: P(("samples", "loci"), None))
    writer_layout: P = field(default_factory=lambda: P("loci", None))


def to_writer_layout(genotypes, cfg: ExportConfig):
    return top_level_all_gather(genotypes, cfg.writer_layout)


def inputs():
    rng = np.random.default_rng(5)
    return (rng.integers(0, 3, (16, 8)).astype(np.int32),)


def main(genotypes):
    cfg = ExportConfig()
    mesh = jax.make_mesh(cfg.mesh_shape, cfg.mesh_axes)
    genotypes = jax.device_put(genotypes, NamedSharding(mesh, cfg.compute_layout))
    with jax.set_mesh(mesh):
        return to_writer_layout(genotypes, cfg)


if __name__ == "__main__":
    print(main(*inputs()))
