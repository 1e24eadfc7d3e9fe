"""Conservation check of a differentiable rollout: total momentum over scenes and particles."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SCENE, PARTICLE = "scene", "particle"
CHECK_AXES = [SCENE, PARTICLE]


def momentum(vel, mass):
    return (mass[..., None] * vel).sum(axis=1)


def conservation_error(vel, mass):
    p_scene = jax.lax.psum(momentum(vel, mass), PARTICLE)
    drift = p_scene - p_scene.mean(axis=0, keepdims=True)
    return jax.lax.psum(jnp.abs(drift).sum(), tuple(CHECK_AXES))


def inputs():
    rng = np.random.default_rng(6)
    return (rng.normal(size=(4, 32, 3)).astype(np.float32), np.ones((4, 32), np.float32))


def main(vel, mass):
    mesh = jax.make_mesh((2, 4), (SCENE, PARTICLE))
    vel = jax.device_put(vel, NamedSharding(mesh, P(SCENE, PARTICLE, None)))
    mass = jax.device_put(mass, NamedSharding(mesh, P(SCENE, PARTICLE)))
    return jax.shard_map(conservation_error, mesh=mesh,
                         in_specs=(P(SCENE, PARTICLE, None), P(SCENE, PARTICLE)),
                         out_specs=P())(vel, mass)


if __name__ == "__main__":
    main(*inputs())
