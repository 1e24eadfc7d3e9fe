"""Potential future exposure: the tail exposure over all scenario shards, reducer picked by name."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class PFEConfig:
    scenario_axis: str = "paths"
    reduce_op: str = "pmax"
    quantile: float = 0.95


def scenario_exposures(mtm, cfg):
    netted = mtm.sum(axis=-1)
    return jax.lax.all_gather(jnp.maximum(netted, 0.0), cfg.scenario_axis, axis=0, tiled=True, to="reduced")


def pfe_profile(mtm, cfg=PFEConfig()):
    exposures = scenario_exposures(mtm, cfg)
    reducer = getattr(jax.lax, cfg.reduce_op)
    worst = reducer(exposures, cfg.scenario_axis)
    return jnp.max(worst, axis=0)


def inputs():
    rng = np.random.default_rng(103)
    return (np.cumsum(rng.normal(size=(16, 5, 3)), axis=1).astype(np.float32),)


def main(mtm):
    cfg = PFEConfig()
    mesh = jax.make_mesh((8,), (cfg.scenario_axis,))
    mtm = jax.device_put(mtm, NamedSharding(mesh, P(cfg.scenario_axis, None, None)))
    return jax.shard_map(pfe_profile, mesh=mesh, in_specs=P(cfg.scenario_axis, None, None), out_specs=P())(mtm)


if __name__ == "__main__":
    print(main(*inputs()))
