"""Risk on a book of options under stress scenarios: Monte-Carlo paths over one mesh axis,
scenarios over the other; the book value is totalled over the whole mesh."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class RiskConfig:
    path_axis: str = "paths"
    scenario_axis: str = "scen"
    strike: float = 100.0
    rate: float = 0.01

    @property
    def reduce_axes(self):
        return (self.path_axis, self.scenario_axis)


def inputs():
    rng = np.random.default_rng(29)
    z = rng.standard_normal(size=(1024,)).astype(np.float32)
    shocks = np.linspace(-0.2, 0.2, 4).astype(np.float32)
    return z, shocks


def book_value(z, shock, cfg):
    spot = 100.0 * (1.0 + shock)
    s_t = spot[:, None] * jnp.exp(-0.02 + 0.2 * z[None, :])
    payoff = jnp.maximum(s_t - cfg.strike, 0.0) * jnp.exp(-cfg.rate)
    price = jax.lax.pmean(payoff.mean(axis=1), cfg.path_axis)
    return jax.lax.psum(price.sum(), cfg.reduce_axes)


def main(z, shocks, cfg=RiskConfig()):
    mesh = jax.make_mesh((4, 2), cfg.reduce_axes)
    z = jax.device_put(z, NamedSharding(mesh, P(cfg.path_axis)))
    shocks = jax.device_put(shocks, NamedSharding(mesh, P(cfg.scenario_axis)))
    fn = jax.shard_map(lambda a, b: book_value(a, b, cfg), mesh=mesh,
                       in_specs=(P(cfg.path_axis), P(cfg.scenario_axis)), out_specs=P())
    return fn(z, shocks)
