"""Mean pooling of multi-hot bags after the embedding all-gather."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class PoolingConfig:
    bag_size: int = 4
    dim_axis: str = "shard"
    batch_axis: str = "dp"


class MeanPooledEmbedding:
    def __init__(self, config=PoolingConfig()):
        self.config = config

    def __call__(self, looked_up):
        summed = looked_up.sum(axis=1)
        full = jax.lax.all_gather(summed, self.config.dim_axis, axis=1, tiled=True, to="reduced")
        return full / self.config.bag_size


def inputs():
    return (np.random.default_rng(4).normal(size=(8, 4, 16)).astype(np.float32),)


def main(looked_up):
    cfg = PoolingConfig()
    mesh = jax.make_mesh((2, 4), (cfg.batch_axis, cfg.dim_axis))
    spec = P(cfg.batch_axis, None, cfg.dim_axis)
    looked_up = jax.device_put(looked_up, NamedSharding(mesh, spec))
    pool = jax.shard_map(MeanPooledEmbedding(cfg), mesh=mesh, in_specs=spec,
                         out_specs=P(cfg.batch_axis, None))
    return pool(looked_up)


if __name__ == "__main__":
    main(*inputs())
