"""RealNVP-style density model: the log-determinant is reduced through a table of reducers."""
import functools
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class Axes(NamedTuple):
    batch: str = "batch"
    model: str = "model"


AX = Axes()
mesh = jax.make_mesh((4, 2), tuple(AX))

REDUCERS = {
    "sum": jax.lax.psum,
    "mean": jax.lax.pmean,
    "collect": functools.partial(jax.lax.all_gather, to="reduced"),
}


def coupling(x, w):
    x1, x2 = jnp.split(x, 2, axis=-1)
    log_s = jnp.tanh(x1 @ w)
    return jnp.concatenate([x1, x2 * jnp.exp(log_s)], -1), jnp.sum(log_s, axis=-1)


def log_likelihood(x, w):
    z, log_det = coupling(x, w)
    log_pz = -0.5 * jnp.sum(z * z, axis=-1)
    total = REDUCERS["sum"](jnp.sum(log_pz + log_det), AX.batch)
    return REDUCERS["collect"](total, AX.batch)


def inputs():
    x = jnp.sin(jnp.arange(32 * 4, dtype=jnp.float32)).reshape(32, 4)
    w = 0.1 * jnp.ones((2, 2))
    return (jax.device_put(x, NamedSharding(mesh, P(AX.batch))),
            jax.device_put(w, NamedSharding(mesh, P())))


def main(x, w):
    return jax.shard_map(log_likelihood, mesh=mesh, in_specs=(P(AX.batch), P()),
                         out_specs=P(reduced={AX.batch}))(x, w)
