"""Monte-Carlo pricing of European calls: paths are split over devices, each strike's price is
the mean discounted payoff over all paths."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class PricingConfig:
    spot: float = 100.0
    rate: float = 0.02
    vol: float = 0.2
    maturity: float = 1.0
    path_axis: str = "paths"
    strike_axis: str = "strikes"
    mesh_shape: tuple = field(default=(4, 2))


def inputs():
    rng = np.random.default_rng(2)
    z = rng.standard_normal(size=(4096,)).astype(np.float32)
    strikes = np.linspace(80.0, 120.0, 8).astype(np.float32)
    return z, strikes


def price_shard(z, strikes, cfg: PricingConfig):
    drift = (cfg.rate - 0.5 * cfg.vol ** 2) * cfg.maturity
    s_t = cfg.spot * jnp.exp(drift + cfg.vol * jnp.sqrt(cfg.maturity) * z)
    payoff = jnp.maximum(s_t[:, None] - strikes[None, :], 0.0)
    price = jnp.exp(-cfg.rate * cfg.maturity) * jax.lax.pmean(payoff.mean(axis=0), cfg.path_axis)
    curve = jax.lax.all_gather(price, cfg.path_axis, to="reduced")
    return curve


def main(z, strikes, cfg=PricingConfig()):
    mesh = jax.make_mesh(cfg.mesh_shape, (cfg.path_axis, cfg.strike_axis))
    z = jax.device_put(z, NamedSharding(mesh, P(cfg.path_axis)))
    strikes = jax.device_put(strikes, NamedSharding(mesh, P(cfg.strike_axis)))
    fn = jax.shard_map(lambda a, b: price_shard(a, b, cfg), mesh=mesh,
                       in_specs=(P(cfg.path_axis), P(cfg.strike_axis)),
                       out_specs=P(None, cfg.strike_axis, reduced={cfg.path_axis}))
    return fn(z, strikes)
