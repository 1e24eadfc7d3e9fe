"""D2Q9 lattice Boltzmann channel: BGK step with a per-column mass monitor."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

WEIGHTS = np.array([4 / 9] + [1 / 9] * 4 + [1 / 36] * 4, np.float32)
CX = np.array([0, 1, 0, -1, 0, 1, -1, -1, 1], np.float32)
CY = np.array([0, 0, 1, 0, -1, 1, 1, -1, -1], np.float32)


@dataclasses.dataclass(frozen=True)
class LatticeParams:
    tau: float = 0.6
    nx: int = 16
    ny: int = 32
    axes: tuple = ("sx", "sy")


def equilibrium(rho, ux, uy):
    cu = 3.0 * (CX[:, None, None] * ux + CY[:, None, None] * uy)
    usq = 1.5 * (ux ** 2 + uy ** 2)
    return WEIGHTS[:, None, None] * rho * (1.0 + cu + 0.5 * cu ** 2 - usq)


class MassMonitor:
    def __init__(self, params):
        self.params = params

    def column_mass(self, rho):
        sx, _ = self.params.axes
        per_column = jax.lax.psum(rho.sum(axis=0), sx)
        return jax.lax.all_gather(per_column, sx, tiled=True, to="reduced")


class BGKSolver:
    def __init__(self, params, mesh):
        self.params = params
        self.mesh = mesh
        self.monitor = MassMonitor(params)

    def _local_step(self, f):
        rho = f.sum(axis=0)
        ux = (CX[:, None, None] * f).sum(axis=0) / rho
        uy = (CY[:, None, None] * f).sum(axis=0) / rho
        f = f - (f - equilibrium(rho, ux, uy)) / self.params.tau
        return f, self.monitor.column_mass(f.sum(axis=0))

    def step(self, f):
        sx, sy = self.params.axes
        spec = P(None, sx, sy)
        return jax.shard_map(self._local_step, mesh=self.mesh, in_specs=spec,
                             out_specs=(spec, P(sy, reduced={sx})))(f)


def inputs():
    p = LatticeParams()
    rng = np.random.default_rng(0)
    f = WEIGHTS[:, None, None] * (1.0 + 0.01 * rng.standard_normal((9, p.nx, p.ny))).astype(np.float32)
    return (f.astype(np.float32),)


def main(f):
    params = LatticeParams()
    mesh = jax.make_mesh((2, 4), params.axes)
    solver = BGKSolver(params, mesh)
    f = jax.device_put(f, NamedSharding(mesh, P(None, *params.axes)))
    f, mass = solver.step(f)
    return f, mass


if __name__ == "__main__":
    main(*inputs())
