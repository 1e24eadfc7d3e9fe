"""Path-integrated attenuation from specific differential phase, block by block along the ray."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AZ, GATE = "azimuth", "gate"
N_GATE_BLOCKS = 2


def forward_perm(n):
    return [(i, i + 1) for i in range(n - 1)]


def specific_attenuation(kdp, gamma=0.08):
    return gamma * jnp.maximum(kdp, 0.0)


def correct(dbz, kdp, gate_km=0.25, max_pia=10.0):
    ah = specific_attenuation(kdp)
    ray_ah = jax.lax.all_gather(ah, GATE, axis=1, tiled=True, to="reduced")
    ray_peak = jnp.max(ray_ah, axis=1, keepdims=True)
    upstream = jax.lax.ppermute(ah.sum(axis=1, keepdims=True), GATE, forward_perm(N_GATE_BLOCKS))
    pia = 2.0 * gate_km * (jnp.cumsum(ah, axis=1) + upstream)
    return dbz + jnp.minimum(pia, max_pia * (ray_peak > 0))


def inputs():
    rng = np.random.default_rng(42)
    dbz = rng.normal(30.0, 8.0, size=(16, 32)).astype(np.float32)
    kdp = np.abs(rng.normal(0.5, 0.5, size=(16, 32))).astype(np.float32)
    return dbz, kdp


def main(dbz, kdp):
    mesh = jax.make_mesh((4, N_GATE_BLOCKS), (AZ, GATE))
    dbz = jax.device_put(dbz, NamedSharding(mesh, P(AZ, GATE)))
    kdp = jax.device_put(kdp, NamedSharding(mesh, P(AZ, GATE)))
    fn = jax.shard_map(functools.partial(correct, gate_km=0.25), mesh=mesh,
                       in_specs=(P(AZ, GATE), P(AZ, GATE)), out_specs=P(AZ, GATE))
    return fn(dbz, kdp)


if __name__ == "__main__":
    main(*inputs())
