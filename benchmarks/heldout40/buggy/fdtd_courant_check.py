"""Courant-number diagnostic of an FDTD run: peak local wave speed, averaged over the grid."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SOLVER = {
    "axes": ["px", "py"],
    "dx": 1e-3,
    "c0": 2.998e8,
}


def courant_report(eps_r, *, dt, solver=SOLVER):
    x_axis, y_axis = solver["axes"]
    speed = solver["c0"] / jnp.sqrt(jnp.min(eps_r))
    row_peak = jax.lax.pmax(speed, y_axis)
    number = row_peak * dt / solver["dx"]
    return jax.lax.pmean(number, tuple(solver["axes"]))


def inputs():
    eps = 1.0 + np.random.default_rng(5).uniform(0.0, 3.0, size=(16, 32)).astype(np.float32)
    return (eps,)


def main(eps_r):
    mesh = jax.make_mesh((2, 4), tuple(SOLVER["axes"]))
    spec = P(*SOLVER["axes"])
    eps_r = jax.device_put(eps_r, NamedSharding(mesh, spec))
    body = functools.partial(courant_report, dt=1.5e-12)
    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())(eps_r)


if __name__ == "__main__":
    main(*inputs())
