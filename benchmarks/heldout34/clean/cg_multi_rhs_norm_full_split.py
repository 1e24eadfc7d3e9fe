"""Stopping test for CG: relative residual norm summed over all ranks."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DOMAIN, RHS = "dom", "rhs"
WORLD = (DOMAIN, RHS)
RTOL = 1e-6


def squared_norm(v, *, axes):
    return jax.lax.psum(jnp.sum(v * v), axes)


world_norm2 = functools.partial(squared_norm, axes=WORLD)


def converged(r, b):
    rn = world_norm2(r)
    bn = world_norm2(b)
    return jnp.sqrt(rn / bn) < RTOL


def main(r, b):
    mesh = jax.make_mesh((4, 2), WORLD)
    spec = P(DOMAIN, RHS)
    r, b = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (r, b))
    f = jax.shard_map(converged, mesh=mesh, in_specs=(spec, spec), out_specs=P())
    return jax.jit(f)(r, b)


def inputs():
    rng = np.random.default_rng(4)
    b = rng.standard_normal((64, 4)).astype(np.float32)
    return (1e-3 * b, b)
