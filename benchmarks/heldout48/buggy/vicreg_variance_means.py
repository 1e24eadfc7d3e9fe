"""VICReg variance term: the batch mean of each feature, reduced over the data shards, kept per
feature shard for the running statistics."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class VICRegConfig:
    sim_coeff: float = 25.0
    std_coeff: float = 25.0
    cov_coeff: float = 1.0
    batch_axes: list = field(default_factory=lambda: ["data"])
    feature_axis: str = "feat"


def build_stats_fn(cfg: VICRegConfig):
    batch_axes = tuple(cfg.batch_axes)

    def stats(z):
        mean = jax.lax.psum(jnp.sum(z, axis=0), axis_name=batch_axes) / 16.0
        return jax.lax.all_gather(mean, axis_name=batch_axes, tiled=True, to="reduced")

    return stats


def inputs():
    return (np.random.default_rng(50).normal(size=(16, 32)).astype(np.float32),)


def main(z):
    cfg = VICRegConfig()
    mesh = jax.make_mesh((2, 4), ("data", cfg.feature_axis))
    z = jax.device_put(z, NamedSharding(mesh, P("data", cfg.feature_axis)))
    return jax.shard_map(build_stats_fn(cfg), mesh=mesh, in_specs=P("data", cfg.feature_axis),
                         out_specs=P(cfg.feature_axis, reduced={"data"}))(z)


if __name__ == "__main__":
    main(*inputs())
