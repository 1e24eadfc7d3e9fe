"""Headline numbers of the evaluation report: mean bias of each metric over the whole mesh."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TIME, LAT = "time", "lat"


def latitude_weighted_mean(x, lat_deg):
    w = jnp.cos(jnp.deg2rad(lat_deg))[:, None]
    return jax.lax.psum(jnp.sum(w * x, axis=(0, 2)), LAT) / jax.lax.psum(jnp.sum(w) * x.shape[2], LAT)


FIELD_METRICS = {
    "bias": lambda f, t, lat: jnp.mean(f - t, axis=(1, 2)),
    "abs_error": lambda f, t, lat: jnp.mean(jnp.abs(f - t), axis=(1, 2)),
    "weighted_bias": lambda f, t, lat: latitude_weighted_mean(f - t, lat),
}


def make_summary(metric_names, axes):
    def summary(forecast, truth, lat_deg):
        per_time = {name: FIELD_METRICS[name](forecast, truth, lat_deg) for name in metric_names}
        return {name: jax.lax.pmean(value.mean(), axes) for name, value in per_time.items()}
    return summary


def inputs():
    rng = np.random.default_rng(64)
    truth = rng.normal(size=(8, 8, 4)).astype(np.float32)
    forecast = truth + 0.1 + 0.2 * rng.normal(size=(8, 8, 4)).astype(np.float32)
    return forecast, truth, np.linspace(-78.75, 78.75, 8, dtype=np.float32)


def main(forecast, truth, lat_deg):
    mesh = jax.make_mesh((4, 2), (TIME, LAT))
    spec = P(TIME, LAT, None)
    forecast, truth = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (forecast, truth))
    lat_deg = jax.device_put(lat_deg, NamedSharding(mesh, P(LAT)))
    names = ("bias", "abs_error", "weighted_bias")
    fn = jax.shard_map(make_summary(names, (TIME, LAT)), mesh=mesh,
                       in_specs=(spec, spec, P(LAT)), out_specs={n: P() for n in names})
    return jax.jit(fn)(forecast, truth, lat_deg)


if __name__ == "__main__":
    print(main(*inputs()))
