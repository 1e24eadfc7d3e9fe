"""ES gradient estimate summed over workers; the mesh axes come from the launcher's environment."""
import os

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_AXES = tuple(os.environ.get("ES_MESH_AXES", "pop,param").split(","))
POP_AXIS, PARAM_AXIS = MESH_AXES


def grad_estimate(fitness, noise):
    weighted = fitness[:, None] * noise
    g = jnp.sum(weighted, axis=0)
    norm = jax.lax.psum(jnp.sum(g * g), PARAM_AXIS)
    return jax.lax.psum(norm, MESH_AXES)


def inputs():
    mesh = jax.make_mesh((4, 2), MESH_AXES)
    fitness = jnp.linspace(-1, 1, 8)
    noise = jnp.ones((8, 6))
    return mesh, fitness, noise


def main(mesh, fitness, noise):
    fitness = jax.device_put(fitness, NamedSharding(mesh, P(POP_AXIS)))
    noise = jax.device_put(noise, NamedSharding(mesh, P(POP_AXIS, PARAM_AXIS)))
    f = jax.shard_map(grad_estimate, mesh=mesh, in_specs=(P(POP_AXIS), P(POP_AXIS, PARAM_AXIS)),
                      out_specs=P())
    return f(fitness, noise)
