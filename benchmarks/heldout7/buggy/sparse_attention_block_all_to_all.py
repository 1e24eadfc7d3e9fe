"""Block-sparse attention: the block layout gathered over heads, then blocks re-bucketed with all_to_all."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class SparseConfig:
    block = 2
    heads_axis = "heads"
    seq_axis = "seq"


def local_window_mask(n, block):
    idx = jnp.arange(n) // block
    return (jnp.abs(idx[:, None] - idx[None, :]) <= 1).astype(jnp.float32)


def block_layout(scores, cfg):
    layout = jax.lax.all_gather(scores, cfg.heads_axis, axis=0, tiled=True, to="reduced")
    return jax.lax.all_to_all(layout, cfg.heads_axis, split_axis=0, concat_axis=1, tiled=True)


def inputs():
    rng = np.random.default_rng(18)
    return (rng.normal(size=(8, 8, 8)).astype(np.float32),)


def main(scores, cfg=SparseConfig()):
    mesh = jax.make_mesh((4, 2), (cfg.heads_axis, cfg.seq_axis))
    spec = P(cfg.heads_axis, cfg.seq_axis, None)
    scores = jax.device_put(scores, NamedSharding(mesh, spec))

    def attend(s):
        s = s * local_window_mask(s.shape[-1], cfg.block)[: s.shape[1]]
        return block_layout(s, cfg)

    return jax.shard_map(attend, mesh=mesh, in_specs=spec, out_specs=spec)(scores)


if __name__ == "__main__":
    print(main(*inputs()))
