"""D2Q9 lattice Boltzmann: per-column mass, summed over the stream axis and shared with every rank."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

WEIGHTS = np.array([4 / 9] + [1 / 9] * 4 + [1 / 36] * 4, np.float32)


@dataclasses.dataclass(frozen=True)
class LatticeParams:
    tau: float = 0.6
    axes: tuple = ("sx", "sy")


class MassMonitor:
    def __init__(self, params):
        self.params = params

    def column_mass(self, rho):
        sx, _ = self.params.axes
        per_column = jax.lax.psum(rho.sum(axis=0), sx)
        return jax.lax.all_gather(per_column, sx, tiled=True, to="invarying")


def inputs():
    rng = np.random.default_rng(10)
    f = WEIGHTS[:, None, None] * (1.0 + 0.01 * rng.standard_normal((9, 16, 32)))
    return (f.astype(np.float32),)


def main(f):
    params = LatticeParams()
    mesh = jax.make_mesh((2, 4), params.axes)
    monitor = MassMonitor(params)
    f = jax.device_put(f, NamedSharding(mesh, P(None, "sx", "sy")))
    body = lambda f: monitor.column_mass(f.sum(axis=0))
    return jax.shard_map(body, mesh=mesh, in_specs=P(None, "sx", "sy"), out_specs=P("sy"))(f)


if __name__ == "__main__":
    main(*inputs())
