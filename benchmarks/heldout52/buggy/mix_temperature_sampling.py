"""Multilingual temperature sampling: domain sizes are floored before computing sampling rates."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class SamplingConfig:
    domain_axis: str = "domain"
    replica_axis: str = "replica"
    min_tokens: float = 1.0


def make_rates_fn(cfg: SamplingConfig):
    def rates(sizes):
        all_sizes = jax.lax.all_gather(sizes, cfg.domain_axis, axis=1, tiled=True, to="reduced")
        return jnp.maximum(all_sizes, cfg.min_tokens)
    return rates


def inputs():
    return (np.arange(8 * 16, dtype=np.float32).reshape(8, 16),)


def main(sizes):
    cfg = SamplingConfig()
    mesh = jax.make_mesh((2, 4), (cfg.replica_axis, cfg.domain_axis))
    spec = P(cfg.replica_axis, cfg.domain_axis)
    sizes = jax.device_put(sizes, NamedSharding(mesh, spec))
    return jax.shard_map(make_rates_fn(cfg), mesh=mesh, in_specs=spec,
                         out_specs=P(cfg.replica_axis, None))(sizes)


if __name__ == "__main__":
    main(*inputs())
