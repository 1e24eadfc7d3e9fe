"""BAOAB Langevin step that removes the centre-of-mass drift of the random force."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Langevin:
    def __init__(self, dt, gamma, kT, particle_axis="particle"):
        self.dt = dt
        self.gamma = gamma
        self.kT = kT
        self.particle_axis = particle_axis

    def thermal_kick(self, key, momentum):
        c1 = jnp.exp(-self.gamma * self.dt)
        c2 = jnp.sqrt(self.kT * (1 - c1 ** 2))
        noise = jax.random.normal(key, momentum.shape)
        return c1 * momentum + c2 * noise

    def full_force(self, force):
        return jax.lax.all_gather(force, self.particle_axis, axis=1, tiled=True)

    def remove_drift(self, force):
        shared = self.full_force(force)
        net = jax.lax.psum(jnp.sum(shared, axis=1, keepdims=True), self.particle_axis)
        return force - net / force.shape[1]

    def step(self, position, momentum, force, key):
        force = self.remove_drift(force)
        momentum = momentum + 0.5 * self.dt * force
        position = position + 0.5 * self.dt * momentum
        momentum = self.thermal_kick(key, momentum)
        position = position + 0.5 * self.dt * momentum
        return position, momentum


def inputs():
    rng = np.random.default_rng(20)
    shape = (4, 16, 3)
    return tuple(rng.normal(size=shape).astype(np.float32) for _ in range(3))


def main(position, momentum, force):
    mesh = jax.make_mesh((2, 4), ("walker", "particle"))
    spec = P("walker", "particle", None)
    position, momentum, force = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (position, momentum, force))
    key = jax.device_put(jax.random.key(0), NamedSharding(mesh, P()))
    integrator = Langevin(dt=0.005, gamma=0.1, kT=1.0)
    return jax.shard_map(integrator.step, mesh=mesh, in_specs=(spec, spec, spec, P()),
                         out_specs=(spec, spec))(position, momentum, force, key)


if __name__ == "__main__":
    main(*inputs())
