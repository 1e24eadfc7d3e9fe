"""Latitude-weighted RMSE per forecast time, each shard keeping a copy of every time's score."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

METRICS = {}


def metric(name):
    def deco(cls):
        METRICS[name] = cls
        cls.name = name
        return cls
    return deco


@metric("rmse")
class WeightedRMSE:
    lat_axis = "lat"
    time_axis = "time"

    def compute(self, forecast, truth, weights):
        w = weights / jax.lax.psum(weights.sum(), self.lat_axis) * weights.shape[0]
        se = jnp.sum(w[None, :, None] * (forecast - truth) ** 2, axis=(1, 2))
        mse = jax.lax.psum(se, self.lat_axis) / (forecast.shape[1] * forecast.shape[2] * 4)
        rmse = jnp.sqrt(mse)
        return jax.lax.all_gather(rmse, self.time_axis, tiled=True)


def inputs():
    rng = np.random.default_rng(20)
    lat = np.linspace(-87.5, 87.5, 16)
    return (rng.standard_normal((4, 16, 8)).astype(np.float32), rng.standard_normal((4, 16, 8)).astype(np.float32),
            np.cos(np.deg2rad(lat)).astype(np.float32))


def main(forecast, truth, weights, name="rmse"):
    mesh = jax.make_mesh((2, 4), ("time", "lat"))
    grid = P("time", "lat", None)
    forecast = jax.device_put(forecast, NamedSharding(mesh, grid))
    truth = jax.device_put(truth, NamedSharding(mesh, grid))
    weights = jax.device_put(weights, NamedSharding(mesh, P("lat")))
    scorer = METRICS[name]()
    return jax.shard_map(scorer.compute, mesh=mesh, in_specs=(grid, grid, P("lat")),
                         out_specs=P("time"))(forecast, truth, weights)


if __name__ == "__main__":
    main(*inputs())
