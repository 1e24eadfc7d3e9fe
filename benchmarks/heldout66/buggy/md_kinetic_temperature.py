"""Velocity-Verlet run of harmonic chains with a kinetic-temperature history for the thermostat."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_CHAINS = 8
N_ATOMS = 16
N_STEPS = 6
DT = 0.01
K_SPRING = 1.0
MASS = 1.0


@dataclasses.dataclass(frozen=True)
class MeshAxes:
    slab: str = "slab"
    lane: str = "lane"


@dataclasses.dataclass
class ThermostatConfig:
    target_temperature: float = 1.0
    tau: float = 0.1
    axes: MeshAxes = dataclasses.field(default_factory=MeshAxes)


def spring_force(x):
    return K_SPRING * (jnp.roll(x, 1, axis=1) + jnp.roll(x, -1, axis=1) - 2.0 * x)


def verlet_step(carry, _):
    x, v = carry
    v_half = v + 0.5 * DT * spring_force(x) / MASS
    x = x + DT * v_half
    v = v_half + 0.5 * DT * spring_force(x) / MASS
    ke = 0.5 * MASS * jnp.sum(v * v, axis=1)
    return (x, v), ke


class Thermostat:
    def __init__(self, cfg):
        self.cfg = cfg

    def temperature_history(self, ke_steps):
        lane = self.cfg.axes.lane
        ke = jax.lax.psum(ke_steps, lane) / N_ATOMS
        return jax.lax.all_gather(ke, lane, axis=0, tiled=True, to="reduced")


def make_run(cfg):
    thermo = Thermostat(cfg)

    def run(x, v):
        (x, v), ke_steps = jax.lax.scan(verlet_step, (x, v), None, length=N_STEPS)
        return x, thermo.temperature_history(ke_steps)

    return run


def inputs():
    rng = np.random.default_rng(89)
    x = rng.normal(scale=0.1, size=(N_CHAINS, N_ATOMS)).astype(np.float32)
    v = rng.normal(size=(N_CHAINS, N_ATOMS)).astype(np.float32)
    return x, v


def main(x, v):
    cfg = ThermostatConfig()
    mesh = jax.make_mesh((2, 4), (cfg.axes.slab, cfg.axes.lane))
    spec = P(cfg.axes.slab, cfg.axes.lane)
    x = jax.device_put(x, NamedSharding(mesh, spec))
    v = jax.device_put(v, NamedSharding(mesh, spec))
    fn = jax.shard_map(make_run(cfg), mesh=mesh, in_specs=(spec, spec),
                       out_specs=(spec, P(None, cfg.axes.slab, reduced={cfg.axes.lane})))
    return fn(x, v)


if __name__ == "__main__":
    main(*inputs())
