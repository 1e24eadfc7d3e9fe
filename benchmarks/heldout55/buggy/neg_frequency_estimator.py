"""Streaming frequency estimation of sampled items (for the sampling probability of each negative)."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class SamplerConfig:
    num_buckets: int = 32
    decay: float = 0.99
    replica_axis: str = "replica"
    item_axis: str = "item"


class FrequencyEstimator:
    def __init__(self, config: SamplerConfig):
        self.config = config

    def bucket_hits(self, hashed):
        onehot = jax.nn.one_hot(hashed, self.config.num_buckets // 4)
        return onehot.sum(axis=(0, 1))

    def update(self, hashed):
        c = self.config
        totals = jax.lax.psum(self.bucket_hits(hashed), (c.replica_axis, c.item_axis))
        return jax.lax.all_gather(totals, c.item_axis, tiled=True, to="reduced")


def inputs():
    return (np.random.default_rng(40).integers(0, 8, size=(16, 8)).astype(np.int32),)


def main(hashed):
    cfg = SamplerConfig()
    mesh = jax.make_mesh((2, 4), (cfg.replica_axis, cfg.item_axis))
    hashed = jax.device_put(hashed, NamedSharding(mesh, P(cfg.replica_axis, cfg.item_axis)))
    est = FrequencyEstimator(cfg)
    f = jax.shard_map(est.update, mesh=mesh, in_specs=P(cfg.replica_axis, cfg.item_axis),
                      out_specs=P(None, reduced={cfg.item_axis}))
    return f(hashed)


if __name__ == "__main__":
    main(*inputs())
