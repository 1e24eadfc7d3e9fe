"""Anomaly correlation coefficient (ACC) over whole latitude circles, per initialisation time."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

EPS = 1e-9


def whole_globe(x, lat_axis):
    return jax.lax.all_gather(x, lat_axis, axis=1, tiled=True, to="invarying")


def acc(forecast_anomaly, truth_anomaly):
    num = jnp.sum(forecast_anomaly * truth_anomaly, axis=(1, 2))
    den = jnp.sum(forecast_anomaly * forecast_anomaly, axis=(1, 2)) * jnp.sum(
        truth_anomaly * truth_anomaly, axis=(1, 2))
    return num / (jnp.sqrt(den) + EPS)


def make_acc_fn(lat_axis):
    def acc_fn(forecast, truth, climatology):
        fa = whole_globe(forecast - climatology, lat_axis)
        ta = whole_globe(truth - climatology, lat_axis)
        return acc(fa, ta)
    return acc_fn


def inputs():
    rng = np.random.default_rng(65)
    clim = rng.normal(size=(8, 8, 4)).astype(np.float32)
    truth = clim + rng.normal(size=(8, 8, 4)).astype(np.float32)
    forecast = truth + 0.3 * rng.normal(size=(8, 8, 4)).astype(np.float32)
    return forecast, truth, clim


def main(forecast, truth, climatology):
    mesh = jax.make_mesh((4, 2), ("time", "lat"))
    spec = P("time", "lat", None)
    args = [jax.device_put(a, NamedSharding(mesh, spec)) for a in (forecast, truth, climatology)]
    fn = jax.shard_map(make_acc_fn("lat"), mesh=mesh, in_specs=(spec, spec, spec), out_specs=P("time"))
    return jax.jit(fn)(*args)


if __name__ == "__main__":
    print(main(*inputs()))
