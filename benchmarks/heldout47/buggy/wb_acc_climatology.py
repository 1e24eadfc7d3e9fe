"""Anomaly correlation coefficient against a day-of-year climatology."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = {"space": "lat", "time": "time"}


def climatology_table(clim, axes=AXES):
    by_lat = jax.lax.all_gather(clim, axes["space"], axis=1, tiled=True, to="reduced")
    return jax.lax.all_gather(by_lat, (axes["space"], axes["time"]), axis=0, tiled=True, to="reduced")


def anomaly_correlation(forecast, truth, clim, axes=AXES):
    fa, ta = forecast - clim, truth - clim
    num = jax.lax.psum(jnp.sum(fa * ta, axis=1), axes["space"])
    fvar = jax.lax.psum(jnp.sum(fa ** 2, axis=1), axes["space"])
    tvar = jax.lax.psum(jnp.sum(ta ** 2, axis=1), axes["space"])
    return num / jnp.sqrt(fvar * tvar), climatology_table(clim, axes)


def inputs():
    rng = np.random.default_rng(21)
    clim = rng.standard_normal((4, 16)).astype(np.float32)
    truth = clim + rng.standard_normal((4, 16)).astype(np.float32)
    forecast = truth + 0.5 * rng.standard_normal((4, 16)).astype(np.float32)
    return forecast, truth, clim


def main(forecast, truth, clim):
    mesh = jax.make_mesh((2, 4), (AXES["time"], AXES["space"]))
    spec = P(AXES["time"], AXES["space"])
    forecast, truth, clim = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (forecast, truth, clim))
    return jax.shard_map(anomaly_correlation, mesh=mesh, in_specs=(spec, spec, spec),
                         out_specs=(P("time"), P(None, None, reduced={"lat", "time"})))(forecast, truth, clim)


if __name__ == "__main__":
    main(*inputs())
