"""Anomaly tables for the ACC scorecard, gathered by a decorator on each metric function."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

EVAL_AXES = ("time", "lat")


def gathered(axis_name, dim):
    """Decorator: the metric's per-shard output is gathered (reduced) over `axis_name`."""
    def wrap(fn):
        @functools.wraps(fn)
        def inner(*args, **kwargs):
            out = fn(*args, **kwargs)
            return jax.lax.all_gather(out, axis_name, axis=dim, tiled=True, to="reduced")
        return inner
    return wrap


@gathered("lat", dim=1)
def anomaly(field, climatology):
    return field - climatology


@gathered(EVAL_AXES, dim=0)
def anomaly_table(forecast_anomaly):
    return jnp.abs(forecast_anomaly)


def evaluate(forecast, truth, climatology):
    fa = anomaly(forecast, climatology)
    ta = anomaly(truth, climatology)
    return anomaly_table(fa), ta


def inputs():
    rng = np.random.default_rng(61)
    truth = rng.normal(size=(8, 8)).astype(np.float32)
    forecast = truth + 0.2 * rng.normal(size=(8, 8)).astype(np.float32)
    climatology = rng.normal(size=(8, 8)).astype(np.float32) * 0.1
    return forecast, truth, climatology


def main(forecast, truth, climatology):
    mesh = jax.make_mesh((4, 2), EVAL_AXES)
    spec = P(*EVAL_AXES)
    forecast, truth, climatology = (jax.device_put(a, NamedSharding(mesh, spec))
                                    for a in (forecast, truth, climatology))
    fn = jax.shard_map(evaluate, mesh=mesh, in_specs=(spec, spec, spec),
                       out_specs=(P(None, None, reduced=set(EVAL_AXES)), P("time", None, reduced={"lat"})))
    return jax.jit(fn)(forecast, truth, climatology)


if __name__ == "__main__":
    print([a.shape for a in main(*inputs())])
