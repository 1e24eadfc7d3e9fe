"""Leapfrog kick-drift steps with accelerations shared across pencils."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DT = 0.01
N_STEPS = 4
AXES = ("slab", "pencil")


def acceleration(pos):
    return -pos / (jnp.sum(pos ** 2, axis=1, keepdims=True) + 1.0)


def shared_acceleration(pos, axis):
    return jax.lax.all_gather(acceleration(pos), axis, axis=1, tiled=True)


def leapfrog(pos, vel):
    def step(i, state):
        x, v = state
        acc = shared_acceleration(x, AXES[1])
        v = v + DT * acc[:, : v.shape[1]]
        x = x + DT * v
        return x, v
    return jax.lax.fori_loop(0, N_STEPS, step, (pos, vel))


def inputs():
    rng = np.random.default_rng(5)
    return rng.normal(size=(16, 8)).astype(np.float32), np.zeros((16, 8), np.float32)


def main(pos, vel):
    mesh = jax.make_mesh((2, 4), AXES)
    s = NamedSharding(mesh, P(*AXES))
    f = jax.shard_map(leapfrog, mesh=mesh, in_specs=(P(*AXES), P(*AXES)),
                      out_specs=(P(*AXES), P(*AXES)))
    return f(jax.device_put(pos, s), jax.device_put(vel, s))


if __name__ == "__main__":
    main(*inputs())
