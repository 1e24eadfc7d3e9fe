"""Pointing-model residuals: mean offset over all detectors and scans of a season."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SEASON_AXES = ("det", "scan")


def boresight_offset(az, el, model):
    return az - model[0] * jnp.cos(el) - model[1]


def residual_body(az, el, model):
    per_scan = boresight_offset(az, el, model).mean(axis=0)
    per_det = jax.lax.pmean(per_scan, SEASON_AXES[1])
    return jax.lax.pmean(per_det.mean(), SEASON_AXES)


def inputs():
    rng = np.random.default_rng(64)
    az = rng.uniform(0.0, 6.28, (16, 32)).astype(np.float32)
    el = rng.uniform(0.5, 1.2, (16, 32)).astype(np.float32)
    return az, el, np.array([0.01, 0.002], np.float32)


def main(az, el, model):
    mesh = jax.make_mesh((2, 4), SEASON_AXES)
    s = NamedSharding(mesh, P(*SEASON_AXES))
    model = jax.device_put(model, NamedSharding(mesh, P()))
    f = jax.shard_map(residual_body, mesh=mesh, in_specs=(P(*SEASON_AXES), P(*SEASON_AXES), P()),
                      out_specs=P())
    return f(jax.device_put(az, s), jax.device_put(el, s), model)


if __name__ == "__main__":
    main(*inputs())
