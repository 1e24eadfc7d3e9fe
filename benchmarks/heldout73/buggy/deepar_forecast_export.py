"""DeepAR-style predictor: sample forecasts laid out for the serving store after prediction."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

FORECAST_LAYOUTS = {
    "train": P("data", "model"),
    "serve": P("model", None),
    "debug": P(None, None),
}


class SampleForecast:
    def __init__(self, samples, start_date, freq):
        self.samples = samples
        self.start_date = start_date
        self.freq = freq

    @property
    def num_samples(self):
        return self.samples.shape[0]


class DeepARPredictor:
    def __init__(self, mesh, prediction_length, layout="serve"):
        self.mesh = mesh
        self.prediction_length = prediction_length
        self.layout = layout

    def sample_paths(self, key, level, num_samples):
        noise = jax.random.normal(key, (num_samples, self.prediction_length * 4))
        placed = jax.device_put(noise, NamedSharding(self.mesh, FORECAST_LAYOUTS["train"]))
        return level + 0.5 * placed

    def predict(self, key, level, num_samples=8):
        with jax.set_mesh(self.mesh):
            paths = self.sample_paths(key, level, num_samples)
            paths = top_level_all_gather(paths, FORECAST_LAYOUTS[self.layout])
        return SampleForecast(paths, start_date="2026-01-01", freq="H")


def inputs():
    return (np.float32(10.0),)


def main(level):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    predictor = DeepARPredictor(mesh, prediction_length=4)
    forecast = predictor.predict(jax.random.key(0), level)
    return forecast.samples


if __name__ == "__main__":
    print(main(*inputs()))
