"""Block-sparse topology (MegaBlocks-like): non-zero blocks per block row fix the padded capacity."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class BlockConfig:
    block_size: int = 4
    row_axis: str = "rowblk"
    col_axis: str = "colblk"


class BlockSparseTopology:
    def __init__(self, cfg):
        self.cfg = cfg

    def row_counts(self, mask):
        local = jnp.sum(mask, axis=1, keepdims=True)
        return jax.lax.psum(local, self.cfg.col_axis)

    def _replicate(self, counts):
        return jax.lax.all_gather(counts, self.cfg.col_axis, axis=1, tiled=True, to="reduced")

    def capacity(self, mask):
        counts = self.row_counts(mask) * self.cfg.block_size
        return self._replicate(counts)


def inputs():
    rng = np.random.default_rng(40)
    return ((rng.random((8, 8)) < 0.4).astype(np.int32),)


def main(mask):
    cfg = BlockConfig()
    mesh = jax.make_mesh((2, 4), (cfg.row_axis, cfg.col_axis))
    spec = P(cfg.row_axis, cfg.col_axis)
    mask = jax.device_put(mask, NamedSharding(mesh, spec))
    topo = BlockSparseTopology(cfg)
    return jax.shard_map(topo.capacity, mesh=mesh, in_specs=spec,
                         out_specs=P(cfg.row_axis, None, reduced={cfg.col_axis}))(mask)


if __name__ == "__main__":
    main(*inputs())
