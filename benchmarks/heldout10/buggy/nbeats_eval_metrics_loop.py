"""Evaluation of an N-BEATS-like forecaster: sMAPE and MASE per series, the MASE scale from
the in-sample naive forecast; the metrics dict is averaged over the whole mesh."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("series", "horizon")


def inputs():
    rng = np.random.default_rng(30)
    history = rng.uniform(1.0, 2.0, size=(16, 12)).astype(np.float32)
    target = rng.uniform(1.0, 2.0, size=(16, 8)).astype(np.float32)
    forecast = rng.uniform(1.0, 2.0, size=(16, 8)).astype(np.float32)
    return history, target, forecast


def evaluate(history, target, forecast):
    naive_err = jnp.mean(jnp.abs(history[:, 1:] - history[:, :-1]))
    smape = jnp.mean(2 * jnp.abs(forecast - target) / (jnp.abs(forecast) + jnp.abs(target)))
    abs_err = jax.lax.psum(jnp.sum(jnp.abs(forecast - target)), AXES[1])
    metrics = {"smape": smape, "mase": abs_err / naive_err / 8}
    averaged = {}
    for name, value in metrics.items():
        averaged[name] = jax.lax.pmean(value, AXES)
    return averaged


def main(history, target, forecast):
    mesh = jax.make_mesh((4, 2), AXES)
    history = jax.device_put(history, NamedSharding(mesh, P(AXES[0], None)))
    target = jax.device_put(target, NamedSharding(mesh, P(*AXES)))
    forecast = jax.device_put(forecast, NamedSharding(mesh, P(*AXES)))
    fn = jax.shard_map(evaluate, mesh=mesh, in_specs=(P(AXES[0], None), P(*AXES), P(*AXES)),
                       out_specs={"smape": P(), "mase": P()})
    return fn(history, target, forecast)
