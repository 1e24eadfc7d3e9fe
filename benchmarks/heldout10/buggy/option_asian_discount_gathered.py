"""Asian option pricing: time steps of each path are split over devices; the averaging
window is gathered and discounted before the payoff."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

RATE, MATURITY, STRIKE = 0.03, 1.0, 100.0


def inputs():
    rng = np.random.default_rng(36)
    inc = (rng.standard_normal(size=(64, 16)) * 0.05).astype(np.float32)
    return (inc,)


def discount(values, rate=RATE, maturity=MATURITY):
    return values * jnp.exp(-rate * maturity)


def price(inc, time_axis):
    local_paths = 100.0 * jnp.exp(jnp.cumsum(inc, axis=1))
    window = jax.lax.all_gather(local_paths, time_axis, axis=1, tiled=True, to="reduced")
    pv = discount(window)
    return pv


def main(inc):
    mesh = jax.make_mesh((2, 4), ("paths", "time"))
    inc = jax.device_put(inc, NamedSharding(mesh, P("paths", "time")))
    fn = jax.shard_map(functools.partial(price, time_axis="time"), mesh=mesh,
                       in_specs=P("paths", "time"), out_specs=P("paths", None, reduced={"time"}))
    return fn(inc)
