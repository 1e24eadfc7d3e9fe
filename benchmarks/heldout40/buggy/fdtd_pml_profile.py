"""Graded perfectly-matched-layer conductivity tables for a decomposed FDTD grid."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class PMLConfig:
    thickness: int = 4
    order: float = 3.0
    sigma_max: float = 1.5
    axes: tuple = ("px", "py")


class GradedPML:
    def __init__(self, config: PMLConfig):
        self.config = config

    def grade(self, depth):
        c = self.config
        return c.sigma_max * (depth / c.thickness) ** c.order

    def sigma_table(self, depth):
        _, y_axis = self.config.axes
        rows = jax.lax.all_gather(self.grade(depth), y_axis, axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(rows, self.config.axes, axis=0, tiled=True, to="reduced")


def inputs():
    depth = np.abs(np.linspace(-4.0, 4.0, 16 * 32)).reshape(16, 32).astype(np.float32)
    return (depth,)


def main(depth):
    cfg = PMLConfig()
    mesh = jax.make_mesh((2, 4), cfg.axes)
    depth = jax.device_put(depth, NamedSharding(mesh, P(*cfg.axes)))
    pml = GradedPML(cfg)
    table = jax.shard_map(lambda d: pml.sigma_table(d), mesh=mesh, in_specs=P(*cfg.axes),
                          out_specs=P(None, None, reduced=set(cfg.axes)))
    return table(depth)


if __name__ == "__main__":
    main(*inputs())
