"""Export the hashed feature-cross table: its rows are sharded over both mesh axes."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class CrossTableLayout:
    train: P = dataclasses.field(default_factory=lambda: P(("data", "feature"), None))
    export: P = dataclasses.field(default_factory=lambda: P("data", None))


class HashedCrossTable:
    def __init__(self, buckets, dim, layout=None):
        self.buckets = buckets
        self.dim = dim
        self.layout = layout or CrossTableLayout()

    def place(self, weights, mesh):
        return jax.device_put(weights, NamedSharding(mesh, self.layout.train))

    def export(self, weights):
        return top_level_all_gather(weights, self.layout.export)


def inputs():
    return (np.random.default_rng(33).normal(size=(64, 8)).astype(np.float32),)


def main(weights):
    mesh = jax.make_mesh((2, 4), ("data", "feature"))
    table = HashedCrossTable(64, 8)
    with jax.set_mesh(mesh):
        placed = table.place(weights, mesh)
        return table.export(placed)


if __name__ == "__main__":
    main(*inputs())
