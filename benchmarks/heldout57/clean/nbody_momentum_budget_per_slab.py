"""Check momentum conservation of a particle-mesh step: total momentum per slab and overall."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SLAB, PENCIL = "slab", "pencil"
ALL_AXES = (SLAB, PENCIL)


def momentum(vel, mass):
    return (vel * mass).sum(axis=0)


def budget_body(vel, mass, *, reduce_axes, slab_axis):
    p = momentum(vel, mass)
    per_slab = jax.lax.pmean(p, PENCIL)
    drift = jax.lax.psum(per_slab, axis_name=slab_axis)
    return per_slab, drift


def inputs():
    rng = np.random.default_rng(4)
    vel = rng.normal(size=(16, 8)).astype(np.float32)
    mass = np.full((16, 8), 0.5, np.float32)
    return vel, mass


def main(vel, mass):
    mesh = jax.make_mesh((2, 4), ALL_AXES)
    s = NamedSharding(mesh, P(SLAB, PENCIL))
    body = functools.partial(budget_body, reduce_axes=ALL_AXES, slab_axis=SLAB)
    f = jax.shard_map(body, mesh=mesh, in_specs=(P(SLAB, PENCIL), P(SLAB, PENCIL)),
                      out_specs=(P(SLAB), P()))
    return f(jax.device_put(vel, s), jax.device_put(mass, s))


if __name__ == "__main__":
    main(*inputs())
