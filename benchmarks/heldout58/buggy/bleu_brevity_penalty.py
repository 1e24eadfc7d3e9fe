"""Brevity penalty from system and reference lengths (sacrebleu-style)."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class BLEU:
    def __init__(self, data_axis="data", effective_order=True):
        self.data_axis = data_axis
        self.effective_order = effective_order

    def lengths(self, hyp_mask, ref_mask, pad_to=None):
        sys_len = jnp.sum(hyp_mask, axis=1)
        ref_len = jax.lax.all_gather(jnp.sum(ref_mask, axis=1), self.data_axis, tiled=True, to="reduced")
        corpus_ref = jax.lax.psum(ref_len.sum(), self.data_axis)
        corpus_sys = jax.lax.psum(sys_len.sum(), self.data_axis)
        return jnp.exp(jnp.minimum(0.0, 1.0 - corpus_ref / corpus_sys))[None]


def inputs():
    rng = np.random.default_rng(32)
    hyp_mask = (rng.random((8, 16)) < 0.8).astype(np.float32)
    ref_mask = (rng.random((8, 16)) < 0.9).astype(np.float32)
    return hyp_mask, ref_mask


def main(hyp_mask, ref_mask):
    mesh = jax.make_mesh((2, 4), ("data", "shard"))
    bleu = BLEU()
    spec = P("data", "shard")
    hyp_mask = jax.device_put(hyp_mask, NamedSharding(mesh, spec))
    ref_mask = jax.device_put(ref_mask, NamedSharding(mesh, spec))
    bp = jax.shard_map(
        functools.partial(bleu.lengths, pad_to=None),
        mesh=mesh,
        in_specs=(spec, spec),
        out_specs=P("shard"),
    )
    return bp(hyp_mask, ref_mask)


if __name__ == "__main__":
    main(*inputs())
