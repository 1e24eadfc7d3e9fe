"""DeepAR-style predictor: point forecasts from sample paths whose horizon is split over devices."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PREDICTOR = dict(num_samples=8, prediction_length=16, sample_axis="data", horizon_axis="model")


class SampleForecast:
    def __init__(self, samples):
        self.samples = samples

    @property
    def mean(self):
        return jnp.mean(self.samples, axis=0, keepdims=True)

    @property
    def median(self):
        return jnp.median(self.samples, axis=0, keepdims=True)


def forecast_generator(horizon_axis):
    def generate(sample_block):
        paths = jax.lax.all_gather(sample_block, horizon_axis, axis=1, tiled=True, to="reduced")
        return SampleForecast(paths)

    return generate


def point_forecast_fn(horizon_axis):
    generate = forecast_generator(horizon_axis)

    def point_forecast(sample_block):
        return generate(sample_block).mean

    return point_forecast


def inputs():
    rng = np.random.default_rng(4)
    cfg = PREDICTOR
    return (rng.normal(size=(cfg["num_samples"], cfg["prediction_length"])).astype(np.float32),)


def main(samples):
    cfg = PREDICTOR
    mesh = jax.make_mesh((2, 4), (cfg["sample_axis"], cfg["horizon_axis"]))
    spec = P(cfg["sample_axis"], cfg["horizon_axis"])
    samples = jax.device_put(samples, NamedSharding(mesh, spec))
    fn = jax.shard_map(point_forecast_fn(cfg["horizon_axis"]), mesh=mesh, in_specs=spec,
                       out_specs=P(cfg["sample_axis"], None))
    return fn(samples)


if __name__ == "__main__":
    print(main(*inputs()))
