"""Floating-strike lookback put: path extremes pooled in stages by a table of reducers."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SCEN, PATH = "scenario", "path"
N_SCENARIOS, N_PATHS, N_STEPS = 4, 32, 10
VOL, RATE, DT = 0.3, 0.01, 1.0 / 10

REDUCERS = {
    "paths": functools.partial(jax.lax.all_gather, axis_name=PATH, axis=1, tiled=True, to="reduced"),
    "book": functools.partial(jax.lax.all_gather, axis_name=(SCEN, PATH), axis=0, tiled=True,
                              to="reduced"),
}
STAGES = ("paths", "book")


def simulate_log_paths(shocks, spot=100.0):
    log_s = jnp.log(spot) + jnp.zeros(shocks.shape[:2])
    highs = [log_s]
    for k in range(N_STEPS):
        log_s = log_s + (RATE - 0.5 * VOL * VOL) * DT + VOL * jnp.sqrt(DT) * shocks[..., k]
        highs.append(log_s)
    stacked = jnp.stack(highs, axis=-1)
    return jnp.exp(stacked.max(axis=-1)), jnp.exp(log_s)


def lookback_payoffs(shocks):
    running_max, terminal = simulate_log_paths(shocks)
    payoff = jnp.exp(-RATE * N_STEPS * DT) * (running_max - terminal)
    pooled = payoff
    for stage in STAGES:
        pooled = REDUCERS[stage](pooled)
    return pooled


def inputs():
    rng = np.random.default_rng(1)
    return (rng.standard_normal((N_SCENARIOS, N_PATHS, N_STEPS)).astype(np.float32),)


def main(shocks):
    mesh = jax.make_mesh((2, 4), (SCEN, PATH))
    shocks = jax.device_put(shocks, NamedSharding(mesh, P(SCEN, PATH, None)))
    book = jax.shard_map(lookback_payoffs, mesh=mesh, in_specs=P(SCEN, PATH, None),
                         out_specs=P(None, None, reduced={SCEN, PATH}))(shocks)
    return book


if __name__ == "__main__":
    main(*inputs())
