"""Discrete element hopper discharge: velocity-Verlet steps and the granular temperature per slab."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class DEMParams:
    dt: float = 1.0e-4
    gravity: float = -9.81
    stiffness: float = 1.0e4
    radius: float = 0.01
    n_substeps: int = 4


def granular_temperature(vel, mass, *, axis_name):
    mean_v = jax.lax.pmean(vel.mean(axis=0), axis_name)
    fluct = ((vel - mean_v) ** 2).sum(axis=-1) * mass
    temp = jax.lax.psum(fluct.sum(), axis_name=axis_name)
    return jax.lax.all_gather(temp[None], axis_name=axis_name, tiled=True, to="reduced")


class DEMSolver:
    def __init__(self, params, bin_axis="bin"):
        self.params = params
        self.bin_axis = bin_axis

    def floor_force(self, pos):
        p = self.params
        overlap = jnp.maximum(p.radius - pos[:, 2], 0.0)
        return jnp.stack([jnp.zeros_like(overlap), jnp.zeros_like(overlap), p.stiffness * overlap], axis=-1)

    def step(self, pos, vel, mass):
        p = self.params
        for _ in range(p.n_substeps):
            acc = self.floor_force(pos) / mass[:, None] + jnp.array([0.0, 0.0, p.gravity])
            vel = vel + p.dt * acc
            pos = pos + p.dt * vel
        return pos, vel, granular_temperature(vel, mass, axis_name=self.bin_axis)


def inputs():
    rng = np.random.default_rng(80)
    pos = rng.uniform(0.0, 0.2, (64, 3)).astype(np.float32)
    vel = 0.1 * rng.standard_normal((64, 3)).astype(np.float32)
    mass = rng.uniform(1.0e-3, 2.0e-3, (64,)).astype(np.float32)
    return pos, vel, mass


def main(pos, vel, mass):
    mesh = jax.make_mesh((2, 4), ("slab", "bin"))
    rows = NamedSharding(mesh, P(("slab", "bin")))
    pos, vel, mass = (jax.device_put(a, rows) for a in (pos, vel, mass))
    solver = DEMSolver(DEMParams())
    spec = P(("slab", "bin"))
    return jax.shard_map(solver.step, mesh=mesh, in_specs=(spec, spec, spec),
                         out_specs=(spec, spec, P("slab", reduced={"bin"})))(pos, vel, mass)


if __name__ == "__main__":
    main(*inputs())
