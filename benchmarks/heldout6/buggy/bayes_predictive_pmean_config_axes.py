"""Bayesian neural net: posterior samples over 'sample', data over 'data'; predictive mean."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class BNNConfig:
    sample_axis: str = "sample"
    data_axis: str = "data"
    prior_scale: float = 1.0

    @property
    def axes(self):
        return (self.sample_axis, self.data_axis)


CFG = BNNConfig()
mesh = jax.make_mesh((4, 2), CFG.axes)


def log_prior(w, cfg):
    return -0.5 * jnp.sum((w / cfg.prior_scale) ** 2)


def predictive(w_samples, x, cfg=CFG):
    w = w_samples[0]
    preds = jnp.tanh(x @ w)
    evidence = jax.lax.psum(jnp.sum(preds ** 2), cfg.data_axis) + log_prior(w, cfg)
    mean_evidence = jax.lax.pmean(evidence, cfg.axes)
    return jax.lax.pmean(preds, cfg.sample_axis), mean_evidence


def inputs():
    w = jax.random.normal(jax.random.key(19), (4, 6, 3))
    x = jax.random.normal(jax.random.key(20), (8, 6))
    return (jax.device_put(w, NamedSharding(mesh, P(CFG.sample_axis))),
            jax.device_put(x, NamedSharding(mesh, P(CFG.data_axis))))


def main(w, x):
    f = jax.shard_map(predictive, mesh=mesh, in_specs=(P(CFG.sample_axis), P(CFG.data_axis)),
                      out_specs=(P(CFG.data_axis, None), P()))
    return f(w, x)
