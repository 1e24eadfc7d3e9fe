"""Projected Gauss-Seidel (Jacobi-style, in parallel) for normal contact impulses."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Axes(NamedTuple):
    island: str
    body: str


class SolverParams(NamedTuple):
    iterations: int = 10
    relaxation: float = 0.8


def solve_contacts(vn, eff_mass, axes, params=SolverParams()):
    island_vn = jax.lax.all_gather(vn, axes.body, to="reduced", tiled=True)

    def sweep(_, lam):
        dlam = -params.relaxation * eff_mass * (vn + lam / eff_mass)
        return jnp.maximum(lam + dlam, 0.0)

    lam = jax.lax.fori_loop(0, params.iterations, sweep, jnp.zeros_like(vn))
    closing_energy = jax.lax.psum(jnp.sum(island_vn * island_vn), axes.body)
    return lam, closing_energy.reshape(1)


def inputs():
    rng = np.random.default_rng(14)
    vn = -np.abs(rng.normal(size=(64,))).astype(np.float32)
    eff_mass = rng.uniform(0.5, 1.5, size=(64,)).astype(np.float32)
    return vn, eff_mass


def main(vn, eff_mass):
    axes = Axes("island", "body")
    mesh = jax.make_mesh((2, 4), tuple(axes))
    spec = P(tuple(axes))
    vn, eff_mass = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (vn, eff_mass))
    solve = jax.shard_map(lambda v, m: solve_contacts(v, m, axes), mesh=mesh,
                          in_specs=(spec, spec), out_specs=(spec, P(axes.island)))
    return solve(vn, eff_mass)


if __name__ == "__main__":
    lam, energy = main(*inputs())
    print(lam.sum(), energy)
