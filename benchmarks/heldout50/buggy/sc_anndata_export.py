"""Densify a sharded expression matrix before writing it to an AnnData-like container."""
from dataclasses import dataclass, field

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("cells", "genes"))


@dataclass(frozen=True)
class AnnLayout:
    X: P = P(("cells", "genes"), None)
    obs_dense: P = field(default_factory=lambda: P("genes", None, reduced={"cells"}))


class AnnDataWriter:
    def __init__(self, layout: AnnLayout, compression="gzip"):
        self.layout = layout
        self.compression = compression

    def densify(self, X):
        with jax.set_mesh(MESH):
            return top_level_all_gather(X, self.layout.obs_dense)


def inputs():
    rng = np.random.default_rng(3)
    return (rng.poisson(1.5, size=(64, 12)).astype(np.float32),)


def main(X):
    layout = AnnLayout()
    X = jax.device_put(X, NamedSharding(MESH, layout.X))
    writer = AnnDataWriter(layout)
    return writer.densify(X)


if __name__ == "__main__":
    main(*inputs())
