"""Differentiable rigid-particle rollout: contact impulses pooled per scene at every substep."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class SimParams:
    dt: float = 0.01
    substeps: int = 4
    stiffness: float = 50.0
    particle_axis: str = "particle"


def contact_impulse(height, params):
    penetration = jnp.minimum(height, 0.0)
    return -params.stiffness * penetration * params.dt


def make_step(params):
    def step(carry, _):
        height, vel = carry
        impulse = jax.lax.psum(contact_impulse(height, params).sum(axis=-1, keepdims=True),
                               params.particle_axis)
        vel = vel + impulse - 9.81 * params.dt
        return (height + params.dt * vel, vel), impulse
    return step


def rollout(height, vel, params=SimParams()):
    (height, vel), impulses = jax.lax.scan(make_step(params), (height, vel), None, length=params.substeps)
    return jax.lax.all_gather(impulses, params.particle_axis, axis=2, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(4)
    return (rng.uniform(-0.1, 1.0, size=(4, 32)).astype(np.float32), np.zeros((4, 32), np.float32))


def main(height, vel):
    mesh = jax.make_mesh((2, 4), ("scene", "particle"))
    spec = P("scene", "particle")
    height, vel = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (height, vel))
    return jax.shard_map(rollout, mesh=mesh, in_specs=(spec, spec),
                         out_specs=P(None, "scene", None, reduced={"particle"}))(height, vel)


if __name__ == "__main__":
    main(*inputs())
