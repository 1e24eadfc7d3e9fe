"""Hybrid Monte Carlo for a 1+1D phi^4 theory: leapfrog trajectory with a full-time-extent force."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

NT, NX = 16, 16
T_AXIS, X_AXIS = "t", "x"
MASS2 = -0.5
LAMBDA = 0.3
N_STEPS = 5
STEP_SIZE = 0.05


def time_laplacian(phi):
    full = jax.lax.all_gather(phi, T_AXIS, axis=0, tiled=True, to="reduced")
    lap = (jnp.roll(full, 1, axis=0) - full) + (jnp.roll(full, -1, axis=0) - full)
    return jax.lax.psum_scatter(lap, T_AXIS, scatter_dimension=0, tiled=True)


def force(phi):
    space = jnp.roll(phi, 1, axis=1) + jnp.roll(phi, -1, axis=1) - 2.0 * phi
    return 0.5 * time_laplacian(phi) + space - MASS2 * phi - LAMBDA * phi ** 3


def leapfrog(phi, pi, *, n_steps, eps):
    pi = pi + 0.5 * eps * force(phi)

    def step(carry, _):
        phi, pi = carry
        phi = phi + eps * pi
        pi = pi + eps * force(phi)
        return (phi, pi), None

    (phi, pi), _ = jax.lax.scan(step, (phi, pi), None, length=n_steps)
    return phi, pi - 0.5 * eps * force(phi)


def inputs():
    rng = np.random.default_rng(41)
    phi = rng.normal(size=(NT, NX)).astype(np.float32)
    pi = rng.normal(size=(NT, NX)).astype(np.float32)
    return phi, pi


def main(phi, pi):
    mesh = jax.make_mesh((2, 4), (T_AXIS, X_AXIS))
    spec = P(T_AXIS, X_AXIS)
    phi = jax.device_put(phi, NamedSharding(mesh, spec))
    pi = jax.device_put(pi, NamedSharding(mesh, spec))
    traj = functools.partial(leapfrog, n_steps=N_STEPS, eps=STEP_SIZE)
    fn = jax.shard_map(traj, mesh=mesh, in_specs=(spec, spec), out_specs=(spec, spec))
    return fn(phi, pi)


if __name__ == "__main__":
    main(*inputs())
