"""Allen-Cahn solidification: explicit time stepping with the total free energy recorded per row block."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class PhaseFieldParams:
    dt: float = 1.0e-3
    dx: float = 0.5
    epsilon: float = 1.0
    mobility: float = 1.0
    n_steps: int = 10


def double_well(phi):
    return 0.25 * phi ** 2 * (1.0 - phi) ** 2


def laplacian(phi, dx):
    padded = jnp.pad(phi, 1, mode="edge")
    return (padded[2:, 1:-1] + padded[:-2, 1:-1] + padded[1:-1, 2:] + padded[1:-1, :-2]
            - 4.0 * phi) / dx ** 2


class AllenCahnSolver:
    def __init__(self, params, axes):
        self.params = params
        self.axes = axes

    def free_energy(self, phi):
        grad_sq = jnp.sum(jnp.gradient(phi)[0] ** 2)
        local = jnp.sum(double_well(phi)) + 0.5 * self.params.epsilon ** 2 * grad_sq
        total = jax.lax.psum(local, self.axes)
        return jax.lax.all_gather(total, self.axes[0], to="reduced")

    def step(self, phi):
        p = self.params
        dphi = phi * (1.0 - phi) * (phi - 0.5) + p.epsilon ** 2 * laplacian(phi, p.dx)
        return phi + p.dt * p.mobility * dphi

    def run(self, phi):
        for _ in range(self.params.n_steps):
            phi = self.step(phi)
        return phi, self.free_energy(phi)


def inputs():
    rng = np.random.default_rng(60)
    return (rng.uniform(0.0, 1.0, (16, 16)).astype(np.float32),)


def main(phi):
    axes = ("rows", "cols")
    mesh = jax.make_mesh((2, 4), axes)
    phi = jax.device_put(phi, NamedSharding(mesh, P(*axes)))
    solver = AllenCahnSolver(PhaseFieldParams(), axes)
    return jax.shard_map(solver.run, mesh=mesh, in_specs=P(*axes),
                         out_specs=(P(*axes), P(None, reduced={"rows"})))(phi)


if __name__ == "__main__":
    main(*inputs())
