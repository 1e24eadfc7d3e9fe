"""GRPO advantages, (r - mean) / std over the group, with a global std reported as a metric."""
import dataclasses
from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class AdvantageConfig:
    group_axis: str = "gen"
    metric_axes: list = dataclasses.field(default_factory=lambda: ["prompt", "gen"])
    eps: float = 1e-4


def group_stats(rewards, axis, n):
    mean = jax.lax.psum(rewards.sum(axis=1, keepdims=True), axis) / n
    sq = jax.lax.psum((rewards ** 2).sum(axis=1, keepdims=True), axis) / n
    return mean, jnp.sqrt(jnp.maximum(sq - mean ** 2, 0.0))


def advantages(rewards, cfg, n):
    mean, std = group_stats(rewards, cfg.group_axis, n)
    adv = (rewards - mean) / (std + cfg.eps)
    reported = jax.lax.pmean(std.mean(), tuple(cfg.metric_axes))
    return adv, reported


def inputs():
    mesh = jax.make_mesh((2, 4), ("prompt", "gen"))
    r = jax.random.normal(jax.random.key(5), (4, 8))
    return mesh, jax.device_put(r, NamedSharding(mesh, P("prompt", "gen")))


def main(mesh, rewards):
    body = partial(advantages, cfg=AdvantageConfig(), n=8)
    fn = jax.shard_map(body, mesh=mesh, in_specs=P("prompt", "gen"), out_specs=(P("prompt", "gen"), P()))
    return fn(rewards)


if __name__ == "__main__":
    main(*inputs())
