"""SnapKV: an observation window at the end of the prompt votes for the prefix positions to keep."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class CacheAxes(NamedTuple):
    batch: str = "batch"
    head: str = "head"


class SnapKV:
    def __init__(self, window=4, kernel=3, axes=CacheAxes()):
        self.window = window
        self.kernel = kernel
        self.axes = axes

    def pool(self, votes):
        pad = self.kernel // 2
        padded = jnp.pad(votes, ((0, 0), (0, 0), (pad, pad)))
        return jnp.stack([padded[..., i:i + votes.shape[-1]] for i in range(self.kernel)]).max(0)

    def select(self, attn):
        votes = jnp.sum(attn[:, :, -self.window:, :], axis=2)
        pooled = self.pool(votes)
        per_batch = jax.lax.all_gather(pooled, self.axes.head, axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(per_batch, tuple(self.axes), axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(21)
    return (rng.random((4, 8, 8, 16)).astype(np.float32),)


def main(attn):
    axes = CacheAxes()
    mesh = jax.make_mesh((2, 4), tuple(axes))
    spec = P(axes.batch, axes.head, None, None)
    attn = jax.device_put(attn, NamedSharding(mesh, spec))
    snap = SnapKV(window=4)
    fn = jax.shard_map(snap.select, mesh=mesh, in_specs=spec,
                       out_specs=P(None, None, None, reduced={axes.batch, axes.head}))
    return fn(attn)


if __name__ == "__main__":
    main(*inputs())
