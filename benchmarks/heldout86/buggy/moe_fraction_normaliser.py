"""Fraction of tokens routed to each expert, normalised over the configured axes."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class BalanceConfig:
    num_experts: int = 8
    batch_axis: str = "data"
    expert_axis: str = "expert"
    norm_axes: tuple = ("data",)


class TokenFraction:
    def __init__(self, cfg):
        self.cfg = cfg

    def group_counts(self, expert_ids):
        counts = jax.nn.one_hot(expert_ids, self.cfg.num_experts).sum(axis=0)
        return jax.lax.psum(counts, self.cfg.expert_axis)

    def __call__(self, expert_ids):
        counts = self.group_counts(expert_ids)
        total = jax.lax.psum(counts, self.cfg.norm_axes)
        return total / total.sum()


def with_overrides(cfg, **changes):
    return dataclasses.replace(cfg, **changes)


def inputs():
    return (np.random.default_rng(10).integers(0, 8, size=(64,)).astype(np.int32),)


def main(expert_ids):
    cfg = with_overrides(BalanceConfig(), norm_axes=("data", "expert"))
    mesh = jax.make_mesh((2, 4), (cfg.batch_axis, cfg.expert_axis))
    spec = P((cfg.batch_axis, cfg.expert_axis))
    expert_ids = jax.device_put(expert_ids, NamedSharding(mesh, spec))
    frac = jax.shard_map(TokenFraction(cfg), mesh=mesh, in_specs=spec, out_specs=P())(expert_ids)
    print("token fraction", frac.shape)
    return frac


if __name__ == "__main__":
    main(*inputs())
