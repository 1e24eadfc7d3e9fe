"""WeatherBench-style scorecard: latitude-weighted RMSE by latitude band, per initialisation time."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

METRICS = {}


def metric(name):
    def register(fn):
        METRICS[name] = fn
        return fn
    return register


def latitude_weights(lat_deg):
    w = jnp.cos(jnp.deg2rad(lat_deg))
    return w / jnp.mean(w)


@metric("rmse")
def rmse(forecast, truth, lat_deg, *, lat_axis, time_axis, average_init_times):
    w = latitude_weights(lat_deg)[:, None]
    mse = jnp.mean(w * (forecast - truth) ** 2, axis=2)
    if average_init_times:
        mse = jax.lax.pmean(mse.mean(axis=0, keepdims=True), time_axis)
    return jnp.sqrt(mse)


def parse_args(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--metric", default="rmse")
    parser.add_argument("--average-init-times", action=argparse.BooleanOptionalAction, default=True)
    return parser.parse_args(argv)


def make_scorecard(args, time_axis="time", lat_axis="lat"):
    score_fn = METRICS[args.metric]

    def scorecard(forecast, truth, lat_deg):
        scores = score_fn(forecast, truth, lat_deg, lat_axis=lat_axis, time_axis=time_axis,
                          average_init_times=args.average_init_times)
        return jax.lax.all_gather(scores, time_axis, axis=0, tiled=True, to="reduced")
    return scorecard


def inputs():
    rng = np.random.default_rng(60)
    truth = rng.normal(size=(8, 8, 4)).astype(np.float32)
    forecast = truth + 0.3 * rng.normal(size=(8, 8, 4)).astype(np.float32)
    lat_deg = np.linspace(-78.75, 78.75, 8, dtype=np.float32)
    return forecast, truth, lat_deg


def main(forecast, truth, lat_deg):
    args = parse_args([])
    mesh = jax.make_mesh((4, 2), ("time", "lat"))
    spec = P("time", "lat", None)
    forecast, truth = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (forecast, truth))
    lat_deg = jax.device_put(lat_deg, NamedSharding(mesh, P("lat")))
    fn = jax.shard_map(make_scorecard(args), mesh=mesh, in_specs=(spec, spec, P("lat")),
                       out_specs=P(None, "lat", reduced={"time"}))
    return jax.jit(fn)(forecast, truth, lat_deg)


if __name__ == "__main__":
    print(main(*inputs()))
