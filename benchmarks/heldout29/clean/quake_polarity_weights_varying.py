"""Focal mechanism: first-motion polarities weighted by pick quality, network-wide."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class FocalConfig:
    axes: dict = field(default_factory=lambda: {"stations": "sta", "trials": "trial"})
    quality_floor: float = 0.2


def misfit(polarity, quality, cfg):
    sta = cfg.axes["stations"]
    network_q = jax.lax.all_gather(quality, sta, axis=0, tiled=True)
    weights = jnp.where(network_q > cfg.quality_floor, network_q, 0.0)
    score = (jax.lax.all_gather(polarity, sta, axis=0, tiled=True) * weights).sum(axis=0)
    return jax.lax.pmax(score, sta)


def inputs():
    rng = np.random.default_rng(206)
    pol = np.sign(rng.standard_normal((16, 8))).astype(np.float32)
    return pol, rng.uniform(0.0, 1.0, (16, 8)).astype(np.float32)


def main(polarity, quality):
    cfg = FocalConfig()
    mesh = jax.make_mesh((4, 2), (cfg.axes["stations"], cfg.axes["trials"]))
    spec = P(cfg.axes["stations"], cfg.axes["trials"])
    polarity, quality = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (polarity, quality))
    fn = jax.shard_map(lambda p, q: misfit(p, q, cfg), mesh=mesh, in_specs=(spec, spec),
                       out_specs=P(cfg.axes["trials"]))
    return fn(polarity, quality)


if __name__ == "__main__":
    print(main(*inputs()))
