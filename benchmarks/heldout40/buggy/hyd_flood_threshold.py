"""Flood warnings: exceedance of a discharge threshold along the gathered river network."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class WarningLevel:
    name: str
    threshold: float


class FloodWarning:
    def __init__(self, level: WarningLevel, basin_axis: str = "basin"):
        self.level = level
        self.basin_axis = basin_axis

    def network(self, q):
        return jax.lax.all_gather(q, self.basin_axis, axis=0, tiled=True, to="reduced")

    def exceedance(self, q):
        flows = self.network(q)
        return (flows > self.level.threshold).astype(jnp.float32)


def inputs():
    return (np.random.default_rng(65).gamma(2.0, 50.0, size=(16, 8)).astype(np.float32),)


def main(q):
    mesh = jax.make_mesh((4, 2), ("basin", "ens"))
    q = jax.device_put(q, NamedSharding(mesh, P("basin", "ens")))
    warning = FloodWarning(WarningLevel("amber", 150.0))
    return jax.shard_map(warning.exceedance, mesh=mesh, in_specs=P("basin", "ens"),
                         out_specs=P(None, "ens", reduced={"basin"}))(q)


if __name__ == "__main__":
    main(*inputs())
