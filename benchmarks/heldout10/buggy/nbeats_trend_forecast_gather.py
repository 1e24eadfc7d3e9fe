"""N-BEATS-like forecaster: a trend block whose hidden units are split over the model axis;
theta is summed over the shards and expanded on a polynomial basis."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

BACKCAST, HORIZON, DEGREE = 12, 4, 3
MODEL = "model"
gather_model = functools.partial(jax.lax.all_gather, axis_name=MODEL, to="reduced")


def inputs():
    rng = np.random.default_rng(5)
    series = rng.normal(size=(8, BACKCAST)).astype(np.float32)
    w_in = (rng.normal(size=(BACKCAST, 32)) * 0.2).astype(np.float32)
    w_theta = (rng.normal(size=(32, DEGREE + 1)) * 0.2).astype(np.float32)
    return series, w_in, w_theta


def trend_basis(length):
    t = jnp.arange(length, dtype=jnp.float32) / length
    return jnp.stack([t ** p for p in range(DEGREE + 1)])


def trend_block(series, w_in, w_theta):
    hidden = jax.nn.relu(series @ w_in)
    theta = jax.lax.psum(hidden @ w_theta, MODEL)
    backcast = theta @ trend_basis(BACKCAST)
    forecast = theta @ trend_basis(HORIZON)
    return series - backcast, gather_model(forecast, axis=1, tiled=True)


def main(series, w_in, w_theta):
    mesh = jax.make_mesh((2, 4), ("batch", MODEL))
    series = jax.device_put(series, NamedSharding(mesh, P("batch", None)))
    w_in = jax.device_put(w_in, NamedSharding(mesh, P(None, MODEL)))
    w_theta = jax.device_put(w_theta, NamedSharding(mesh, P(MODEL, None)))
    block = jax.shard_map(trend_block, mesh=mesh,
                          in_specs=(P("batch", None), P(None, MODEL), P(MODEL, None)),
                          out_specs=(P("batch", None), P("batch", None, reduced={MODEL})))
    return block(series, w_in, w_theta)
