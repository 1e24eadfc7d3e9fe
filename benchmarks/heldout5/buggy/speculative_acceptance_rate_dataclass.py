"""Speculative decoding metrics: the acceptance rate is averaged over (batch, draft) axes."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class SpecDecodeConfig:
    batch_axis: str = "batch"
    draft_axis: str = "draft"
    k: int = 4

    @property
    def metric_axes(self):
        return (self.batch_axis, self.draft_axis)


def acceptance(target_p, draft_p, cfg):
    accepted = jnp.sum(jnp.minimum(1.0, target_p / draft_p), axis=-1)
    rate = jnp.mean(accepted) / cfg.k
    return jax.lax.pmean(rate, cfg.metric_axes)


def inputs():
    cfg = SpecDecodeConfig()
    mesh = jax.make_mesh((4, 2), cfg.metric_axes)
    k1, k2 = jax.random.split(jax.random.key(37))
    s = NamedSharding(mesh, P(cfg.batch_axis))
    tp = jax.device_put(jax.random.uniform(k1, (8, cfg.k)) + 0.1, s)
    dp = jax.device_put(jax.random.uniform(k2, (8, cfg.k)) + 0.1, s)
    return cfg, mesh, tp, dp


def main(cfg, mesh, tp, dp):
    f = jax.shard_map(functools.partial(acceptance, cfg=cfg), mesh=mesh,
                      in_specs=(P(cfg.batch_axis), P(cfg.batch_axis)), out_specs=P())
    return f(tp, dp)
