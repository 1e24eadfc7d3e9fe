"""Accumulate GraphCast-style normalisation statistics of the 6-hour differences by pressure level."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class StatsConfig:
    sample_axis: str = "batch"
    level_axis: str = "level"
    per_level: bool = True
    eps: float = 1e-6


def level_variance(diffs, config):
    var = jax.lax.pmean(jnp.var(diffs, axis=0), config.sample_axis)
    if not config.per_level:
        var = jax.lax.pmean(var, config.level_axis)
    return var


def diffs_stddev_by_level(diffs, config):
    std = jnp.sqrt(level_variance(diffs, config) + config.eps)
    return jax.lax.all_gather(std, config.level_axis, axis=0, tiled=True, to="reduced")


def make_stats_fn(config):
    def stats_fn(inputs, targets):
        return diffs_stddev_by_level(targets - inputs, config)
    return stats_fn


def inputs():
    rng = np.random.default_rng(20)
    states = rng.normal(size=(8, 16)).astype(np.float32)
    nexts = states + 0.1 * rng.normal(size=(8, 16)).astype(np.float32)
    return states, nexts


def main(states, nexts):
    config = dataclasses.replace(StatsConfig(), per_level=True)
    mesh = jax.make_mesh((2, 4), (config.sample_axis, config.level_axis))
    spec = P(config.sample_axis, config.level_axis)
    states, nexts = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (states, nexts))
    fn = jax.shard_map(make_stats_fn(config), mesh=mesh, in_specs=(spec, spec),
                       out_specs=P(None, reduced={config.level_axis}))
    return jax.jit(fn)(states, nexts)


if __name__ == "__main__":
    print(main(*inputs()))
