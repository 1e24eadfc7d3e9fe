"""Bussi-style velocity rescaling, with the target temperature scanned over an annealing ramp."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

THERMOSTATS = {}


def thermostat(name):
    def register(cls):
        THERMOSTATS[name] = cls
        return cls
    return register


@thermostat("rescale")
class VelocityRescale:
    particle_axis = "particle"

    def __init__(self, n_dof):
        self.n_dof = n_dof

    def temperature(self, velocity):
        return jax.lax.psum(jnp.sum(velocity ** 2, axis=(1, 2)), self.particle_axis) / self.n_dof

    def __call__(self, velocity, kT):
        full = jax.lax.all_gather(velocity, self.particle_axis, axis=1, tiled=True, to="reduced")
        scale = jnp.sqrt(kT / self.temperature(velocity))
        return full * scale[:, None, None]


def anneal(velocity, schedule, *, thermostat):
    def body(v, kT):
        full = thermostat(v, kT)
        return v, jnp.sum(full, axis=1)
    _, traces = jax.lax.scan(body, velocity, schedule)
    return traces


def inputs():
    rng = np.random.default_rng(23)
    return rng.normal(size=(4, 16, 3)).astype(np.float32), np.linspace(2.0, 0.5, 5).astype(np.float32)


def main(velocity, schedule):
    mesh = jax.make_mesh((2, 4), ("walker", "particle"))
    spec = P("walker", "particle", None)
    velocity = jax.device_put(velocity, NamedSharding(mesh, spec))
    schedule = jax.device_put(schedule, NamedSharding(mesh, P()))
    run = functools.partial(anneal, thermostat=THERMOSTATS["rescale"](n_dof=16 * 3))
    return jax.shard_map(run, mesh=mesh, in_specs=(spec, P()),
                         out_specs=P(None, "walker", None))(velocity, schedule)


if __name__ == "__main__":
    main(*inputs())
