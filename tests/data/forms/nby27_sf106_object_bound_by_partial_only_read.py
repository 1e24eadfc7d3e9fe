import functools

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class VelocityRescale:
    particle_axis = "j"

    def __init__(self, n_dof):
        self.n_dof = n_dof

    def __call__(self, velocity, kT):
        full = jax.lax.all_gather(velocity, self.particle_axis, axis=1, tiled=True, to="reduced")
        return full * (kT / self.n_dof)


def anneal(velocity, schedule, *, thermostat):
    def body(v, kT):
        return v * (kT / thermostat.n_dof), kT
    _, traces = jax.lax.scan(body, velocity, schedule)
    return velocity


def main(mesh, x):
    run = functools.partial(anneal, thermostat=VelocityRescale(n_dof=48))
    return jax.shard_map(run, mesh=mesh, in_specs=(P("i", "j"), P()), out_specs=P("i", "j"))(x, jnp.ones((3,)))
