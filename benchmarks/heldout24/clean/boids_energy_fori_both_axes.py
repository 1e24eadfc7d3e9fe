"""Integrate the flock for a few steps while tracking total kinetic energy."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DT = 0.05
STEPS = 4
WORLD = ("flock", "agents")


def simulate(pos, vel):
    def step(i, carry):
        pos, vel, energy = carry
        pos = pos + DT * vel
        vel = vel * 0.99
        ke = 0.5 * jnp.sum(vel ** 2)
        energy = energy + jax.lax.psum(ke, WORLD)
        return pos, vel, energy

    return jax.lax.fori_loop(0, STEPS, step, (pos, vel, jnp.zeros((), jnp.float32)))


def inputs():
    rng = np.random.default_rng(54)
    return (rng.uniform(-1, 1, (4, 16, 2)).astype(np.float32),
            rng.uniform(-0.1, 0.1, (4, 16, 2)).astype(np.float32))


def main(pos, vel):
    mesh = jax.make_mesh((2, 4), WORLD)
    spec = P("flock", "agents", None)
    sh = NamedSharding(mesh, spec)
    fn = jax.shard_map(simulate, mesh=mesh, in_specs=(spec, spec), out_specs=(spec, spec, P()))
    return fn(jax.device_put(pos, sh), jax.device_put(vel, sh))


if __name__ == "__main__":
    print(main(*inputs()))
