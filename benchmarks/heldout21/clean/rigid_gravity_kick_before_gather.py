"""Ballistic look-ahead for free bodies (semi-implicit Euler over the horizon), per env."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GRAVITY = jnp.array([0.0, 0.0, -9.81], dtype=jnp.float32)
DT = 0.01
ENV, BODY = "env", "body"


def gather_bodies(x):
    return jax.lax.all_gather(x, BODY, axis=1, tiled=True, to="reduced")


def integrate(pos, vel, n_steps=5):
    horizon = n_steps * DT
    vel_end = vel + horizon * GRAVITY
    pos_end = pos + horizon * vel_end
    return gather_bodies(pos_end), gather_bodies(vel_end)


def inputs():
    rng = np.random.default_rng(127)
    return rng.standard_normal((4, 8, 3)).astype(np.float32), rng.standard_normal((4, 8, 3)).astype(np.float32)


def main(pos, vel):
    mesh = jax.make_mesh((2, 4), (ENV, BODY))
    spec = P(ENV, BODY, None)
    pos, vel = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (pos, vel))
    out = P(ENV, None, None, reduced={BODY})
    fn = jax.shard_map(integrate, mesh=mesh, in_specs=(spec, spec), out_specs=(out, out))
    return fn(pos, vel)


if __name__ == "__main__":
    print(main(*inputs()))
