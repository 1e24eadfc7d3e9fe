"""Longstaff-Schwartz American put: continuation regression solved on every strike shard."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class PricerConfig:
    paths_axis: str = "paths"
    strike_axis: str = "strikes"
    ridge: float = 1e-3


def laguerre_basis(spot):
    return jnp.stack([jnp.ones_like(spot), 1.0 - spot, 1.0 - 2.0 * spot + 0.5 * spot ** 2], axis=-1)


def regress(cfg, spot, payoff):
    basis = laguerre_basis(spot)
    xty = jax.lax.psum(jnp.einsum("pkb,pk->kb", basis, payoff), cfg.paths_axis)
    return jax.lax.all_gather(xty, cfg.paths_axis, to="reduced")


def inputs():
    rng = np.random.default_rng(101)
    spot = rng.lognormal(0.0, 0.2, (64, 8)).astype(np.float32)
    return spot, np.maximum(1.0 - spot, 0.0).astype(np.float32)


def main(spot, payoff):
    cfg = PricerConfig()
    mesh = jax.make_mesh((4, 2), (cfg.paths_axis, cfg.strike_axis))
    spec = P(cfg.paths_axis, cfg.strike_axis)
    spot, payoff = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (spot, payoff))
    fn = jax.shard_map(functools.partial(regress, cfg), mesh=mesh, in_specs=(spec, spec),
                       out_specs=P(None, cfg.strike_axis, None, reduced={cfg.paths_axis}))
    return fn(spot, payoff)


if __name__ == "__main__":
    print(main(*inputs()))
