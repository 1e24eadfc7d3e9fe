"""WAPE logged at the end of validation; reduction axes are stored in the module's hparams."""
from types import SimpleNamespace

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ForecastModule:
    def __init__(self, **hparams):
        self.hparams = SimpleNamespace(**hparams)

    def validation_step(self, forecast, actual):
        abs_err = jax.lax.psum(jnp.sum(jnp.abs(forecast - actual), axis=1), self.hparams.time_axis)
        volume = jnp.sum(jnp.abs(actual), axis=1)
        return abs_err, volume

    def on_validation_epoch_end(self, forecast, actual):
        abs_err, volume = self.validation_step(forecast, actual)
        num = jax.lax.psum(jnp.sum(abs_err), self.hparams.metric_axes)
        den = jax.lax.psum(jnp.sum(volume), self.hparams.metric_axes)
        return num / den


def inputs():
    rng = np.random.default_rng(44)
    actual = rng.uniform(1, 10, size=(16, 8)).astype(np.float32)
    return actual + rng.normal(size=(16, 8)).astype(np.float32), actual


def main(forecast, actual):
    module = ForecastModule(lr=1e-3, time_axis="time", metric_axes=("series", "time"))
    mesh = jax.make_mesh((4, 2), ("series", "time"))
    spec = P("series", "time")
    forecast = jax.device_put(forecast, NamedSharding(mesh, spec))
    actual = jax.device_put(actual, NamedSharding(mesh, spec))
    fn = jax.shard_map(module.on_validation_epoch_end, mesh=mesh, in_specs=(spec, spec), out_specs=P())
    return fn(forecast, actual)


if __name__ == "__main__":
    print(main(*inputs()))
