"""Magnitude pruning of a block-sparse weight: blocks far below the strongest one are dropped."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class MagnitudePruner:
    col_axis = "colblk"

    def __init__(self, keep_ratio=0.3):
        self.keep_ratio = keep_ratio

    def block_norms(self, w):
        return jnp.sqrt(jnp.sum(w * w, axis=0, keepdims=True))

    def keep_mask(self, w):
        norms = self.block_norms(w)
        peak = jax.lax.pmax(jnp.max(norms), self.col_axis)
        keep = (norms / peak > self.keep_ratio).astype(w.dtype)
        return jax.lax.all_gather(keep, self.col_axis, axis=1, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(45)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(w):
    mesh = jax.make_mesh((2, 4), ("rowblk", MagnitudePruner.col_axis))
    w = jax.device_put(w, NamedSharding(mesh, P("rowblk", MagnitudePruner.col_axis)))
    pruner = MagnitudePruner()
    return jax.shard_map(pruner.keep_mask, mesh=mesh, in_specs=P("rowblk", MagnitudePruner.col_axis),
                         out_specs=P("rowblk", None, reduced={MagnitudePruner.col_axis}))(w)


if __name__ == "__main__":
    main(*inputs())
