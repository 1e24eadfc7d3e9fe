"""Normalised surface Dice at a tolerance in millimetres (surface distance metric)."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class SurfaceDiceConfig:
    tolerance_mm: float = 2.0
    voxel_axis: str = "vox"
    case_axis: str = "case"


class SurfaceDice:
    def __init__(self, cfg: SurfaceDiceConfig):
        self.cfg = cfg

    def distances(self, dist):
        return jax.lax.all_gather(dist, self.cfg.voxel_axis, axis=1, tiled=True, to="reduced")

    def within_tolerance(self, dist):
        d = self.distances(dist)
        return d <= self.cfg.tolerance_mm

    def __call__(self, dist):
        return self.within_tolerance(dist)


def inputs():
    rng = np.random.default_rng(25)
    return (rng.uniform(0, 4, size=(8, 64)).astype(np.float32),)


def main(dist):
    cfg = SurfaceDiceConfig()
    mesh = jax.make_mesh((2, 4), (cfg.case_axis, cfg.voxel_axis))
    dist = jax.device_put(dist, NamedSharding(mesh, P(cfg.case_axis, cfg.voxel_axis)))
    f = jax.shard_map(SurfaceDice(cfg), mesh=mesh, in_specs=P(cfg.case_axis, cfg.voxel_axis),
                      out_specs=P(cfg.case_axis, None, reduced={cfg.voxel_axis}))
    return f(dist)


if __name__ == "__main__":
    main(*inputs())
