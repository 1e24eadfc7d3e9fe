"""Nesterov dual averaging of the HMC step size from the pooled acceptance statistics."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_CHAINS = 8


@dataclasses.dataclass(frozen=True)
class AdaptConfig:
    target_accept: float = 0.8
    gamma: float = 0.05
    t0: float = 10.0
    kappa: float = 0.75
    chain_axis: str = "chain"


class DualAveraging:
    def __init__(self, cfg):
        self.cfg = cfg

    def mean_accept(self, log_ratio):
        pooled = jax.lax.all_gather(log_ratio, self.cfg.chain_axis, tiled=True, to="reduced")
        accept = jnp.minimum(1.0, jnp.exp(pooled))
        return accept.sum() / N_CHAINS

    def update(self, log_step, h_bar, log_ratio, iteration):
        c = self.cfg
        accept = self.mean_accept(log_ratio)
        eta = 1.0 / (iteration + c.t0)
        h_bar = (1.0 - eta) * h_bar + eta * (c.target_accept - accept)
        log_step = -jnp.sqrt(iteration) / c.gamma * h_bar
        return log_step, h_bar


def inputs():
    rng = np.random.default_rng(35)
    return (rng.normal(-0.3, 0.4, N_CHAINS).astype(np.float32),)


def main(log_ratio):
    cfg = AdaptConfig()
    mesh = jax.make_mesh((4, 2), (cfg.chain_axis, "data"))
    log_ratio = jax.device_put(log_ratio, NamedSharding(mesh, P(cfg.chain_axis)))
    adapt = DualAveraging(cfg)
    body = lambda lr: adapt.update(jnp.log(0.1), 0.0, lr, 5.0)
    log_step, h_bar = jax.shard_map(body, mesh=mesh, in_specs=P(cfg.chain_axis),
                                    out_specs=(P(), P()))(log_ratio)
    return log_step, h_bar


if __name__ == "__main__":
    main(*inputs())
