"""Nonlinear Poisson solve: Jacobi sweeps and the mean residual over the whole device."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

THERMAL_VOLTAGE = 0.02585


class PoissonSolver:
    def __init__(self, *, axes, n_sweeps=20, spacing=0.1):
        self.axes = axes
        self.n_sweeps = n_sweeps
        self.spacing = spacing

    def residual(self, phi, doping):
        lap = (jnp.roll(phi, 1) + jnp.roll(phi, -1) - 2.0 * phi) / self.spacing ** 2
        charge = jnp.sinh(phi / THERMAL_VOLTAGE) - doping
        return jnp.abs(lap - charge).mean()

    def solve(self, phi, doping):
        def sweep(_, phi):
            rhs = jnp.sinh(phi / THERMAL_VOLTAGE) - doping
            return 0.5 * (jnp.roll(phi, 1) + jnp.roll(phi, -1) - self.spacing ** 2 * rhs)

        phi = jax.lax.fori_loop(0, self.n_sweeps, sweep, phi)
        return phi, jax.lax.pmean(self.residual(phi, doping), axis_name=self.axes)


def inputs():
    rng = np.random.default_rng(124)
    phi = rng.uniform(-0.01, 0.01, (16,)).astype(np.float32)
    doping = rng.uniform(-0.5, 0.5, (16,)).astype(np.float32)
    return phi, doping


def main(phi, doping):
    mesh = jax.make_mesh((2, 4), ("lateral", "depth"))
    spec = P("depth")
    phi, doping = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (phi, doping))
    solver = PoissonSolver(axes=("lateral", "depth"))
    return jax.shard_map(solver.solve, mesh=mesh, in_specs=(spec, spec),
                         out_specs=(spec, P()))(phi, doping)


if __name__ == "__main__":
    main(*inputs())
