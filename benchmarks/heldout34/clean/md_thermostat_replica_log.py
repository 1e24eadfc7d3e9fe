"""Berendsen thermostat: instantaneous temperature from the kinetic energy of each cell's atoms."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

KB = 1.0
MASS = 39.948


class MDConfig(NamedTuple):
    cell_axis: str = "cell"
    replica_axis: str = "replica"
    dt: float = 0.002
    target_temperature: float = 1.2
    tau: float = 0.1


def kinetic_energy(vel, cfg):
    ke = 0.5 * MASS * jnp.sum(vel * vel, axis=(0, 2))
    return jax.lax.psum(ke, cfg.cell_axis)


def thermostat(vel, cfg):
    n_atoms = vel.shape[0] * 4
    ke = kinetic_energy(vel, cfg)
    temperature = 2.0 * ke / (3.0 * n_atoms * KB)
    log = jax.lax.all_gather(temperature, cfg.replica_axis, to="reduced")
    lam = jnp.sqrt(1.0 + cfg.dt / cfg.tau * (cfg.target_temperature / temperature - 1.0))
    return vel * lam[None, :, None], log


def main(vel):
    cfg = MDConfig()
    mesh = jax.make_mesh((4, 2), (cfg.cell_axis, cfg.replica_axis))
    spec = P(cfg.cell_axis, cfg.replica_axis, None)
    vel = jax.device_put(vel, NamedSharding(mesh, spec))
    step = jax.shard_map(lambda v: thermostat(v, cfg), mesh=mesh, in_specs=spec,
                         out_specs=(spec, P(None, None, reduced={cfg.replica_axis})))
    return jax.jit(step)(vel)


def inputs():
    rng = np.random.default_rng(10)
    return (rng.standard_normal((32, 4, 3)).astype(np.float32),)
