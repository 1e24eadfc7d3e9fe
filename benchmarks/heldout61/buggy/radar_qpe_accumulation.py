"""Hourly QPE: rain rate per scan accumulated over an hour with a mean-field bias."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AZ, GATE = "azimuth", "gate"
SCAN_MINUTES = 10.0


def marshall_palmer(dbz, a=200.0, b=1.6):
    return (10.0 ** (dbz / 10.0) / a) ** (1.0 / b)


def hourly(scans, gauge_ratio):
    total = jnp.zeros_like(scans[0])
    areal = []
    for k in range(scans.shape[0]):
        rate = marshall_palmer(scans[k])
        bias = jax.lax.pmean(gauge_ratio.mean(axis=1), GATE)
        total = total + rate * bias[:, None] * SCAN_MINUTES / 60.0
        ray_mean = jax.lax.pmean(rate.mean(axis=1), GATE) * bias
        areal.append(jax.lax.psum(ray_mean.sum(), (AZ, GATE)))
    return total, jnp.stack(areal)


def inputs():
    rng = np.random.default_rng(44)
    scans = rng.normal(25.0, 8.0, size=(6, 16, 32)).astype(np.float32)
    ratio = rng.uniform(0.8, 1.2, size=(16, 32)).astype(np.float32)
    return scans, ratio


def main(scans, ratio):
    mesh = jax.make_mesh((4, 2), (AZ, GATE))
    scans = jax.device_put(scans, NamedSharding(mesh, P(None, AZ, GATE)))
    ratio = jax.device_put(ratio, NamedSharding(mesh, P(AZ, GATE)))
    fn = jax.shard_map(hourly, mesh=mesh, in_specs=(P(None, AZ, GATE), P(AZ, GATE)),
                       out_specs=(P(AZ, GATE), P()))
    return fn(scans, ratio)


if __name__ == "__main__":
    main(*inputs())
