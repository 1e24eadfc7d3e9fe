"""Velocity-Verlet NVE run: an init/apply pair from a factory, stepped with lax.scan."""
import functools
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

WALKER, PARTICLE = "walker", "particle"


class NVEState(NamedTuple):
    position: jax.Array
    momentum: jax.Array
    force: jax.Array


def harmonic_force(position):
    return -position


def nve(force_fn, dt, mass=1.0):
    def init_fn(position, momentum):
        return NVEState(position, momentum, force_fn(position))

    def apply_fn(state):
        momentum = state.momentum + 0.5 * dt * state.force
        position = state.position + dt * momentum / mass
        force = force_fn(position)
        momentum = momentum + 0.5 * dt * force
        return NVEState(position, momentum, force)

    return init_fn, apply_fn


def kinetic_energy(momentum, mass=1.0):
    local = 0.5 * jnp.sum(momentum ** 2, axis=(1, 2)) / mass
    return jax.lax.psum(local, PARTICLE)


def step(apply_fn, state, _):
    state = apply_fn(state)
    return state, kinetic_energy(state.momentum)


def publish_log(kes):
    return jax.lax.all_gather(kes[..., None], PARTICLE, axis=2, tiled=True, to="reduced")


def simulate(position, momentum, *, n_steps, dt):
    init_fn, apply_fn = nve(harmonic_force, dt)
    state = init_fn(position, momentum)
    state, kes = jax.lax.scan(functools.partial(step, apply_fn), state, None, length=n_steps)
    return state.position, publish_log(kes)


def inputs():
    rng = np.random.default_rng(18)
    return (rng.normal(size=(4, 16, 3)).astype(np.float32), rng.normal(size=(4, 16, 3)).astype(np.float32))


def main(position, momentum):
    mesh = jax.make_mesh((2, 4), (WALKER, PARTICLE))
    spec = P(WALKER, PARTICLE, None)
    position, momentum = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (position, momentum))
    run = functools.partial(simulate, n_steps=5, dt=0.01)
    return jax.shard_map(run, mesh=mesh, in_specs=(spec, spec),
                         out_specs=(spec, P(None, WALKER, None, reduced={PARTICLE})))(position, momentum)


if __name__ == "__main__":
    main(*inputs())
