"""Sampling-bias (logQ) correction for in-batch negatives of a two-tower retrieval model."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class RetrievalConfig:
    embed_dim: int = 32
    num_items: int = 64
    axes: dict = dataclasses.field(default_factory=lambda: {"batch": "batch", "model": "model"})


class TwoTowerModel:
    def __init__(self, cfg: RetrievalConfig):
        self.cfg = cfg

    def item_frequencies(self, item_onehot):
        axes = self.cfg.axes
        local = item_onehot.sum(axis=0, keepdims=True)
        counts = jax.lax.psum(local, axes["batch"])
        return jax.lax.all_gather(counts, axes["batch"], axis=0, tiled=True, to="reduced")

    def frequency_fn(self, mesh):
        axes = self.cfg.axes
        return jax.shard_map(self.item_frequencies, mesh=mesh,
                             in_specs=P(axes["batch"], axes["model"]),
                             out_specs=P(None, axes["model"], reduced={axes["batch"]}))


def inputs():
    rng = np.random.default_rng(10)
    ids = rng.integers(0, 64, size=16)
    return (np.eye(64, dtype=np.float32)[ids],)


def main(item_onehot):
    cfg = RetrievalConfig()
    mesh = jax.make_mesh((2, 4), tuple(cfg.axes.values()))
    item_onehot = jax.device_put(item_onehot, NamedSharding(mesh, P("batch", "model")))
    model = TwoTowerModel(cfg)
    return model.frequency_fn(mesh)(item_onehot)


if __name__ == "__main__":
    main(*inputs())
