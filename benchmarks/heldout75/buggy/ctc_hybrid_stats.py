"""Hybrid CTC/attention loss: per-step statistics are averaged over the data-parallel axis."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MODEL_CONF = {"ctc_weight": 0.3, "stats_axis": "batch"}


def token_lengths(mask, batch_axis):
    return jax.lax.all_gather(mask.sum(axis=1), batch_axis, tiled=True, to="reduced")


def hybrid_loss(logits, mask, conf, vocab_axis):
    ctc = jax.lax.psum((logits * mask).sum(), vocab_axis)
    att = jax.lax.psum(jnp.abs(logits).sum(), vocab_axis)
    lengths = token_lengths(jax.lax.psum(mask, vocab_axis), conf["stats_axis"])
    w = conf["ctc_weight"]
    stats = {"loss_ctc": ctc, "loss_att": att, "num_tokens": lengths.sum()}
    stats = jax.tree.map(lambda t: jax.lax.pmean(t, conf["stats_axis"]), stats)
    return w * stats["loss_ctc"] + (1 - w) * stats["loss_att"]


def inputs():
    rng = np.random.default_rng(32)
    return rng.standard_normal((8, 16)).astype(np.float32), (rng.random((8, 16)) > 0.5).astype(np.float32)


def main(logits, mask):
    mesh = jax.make_mesh((2, 4), ("batch", "vocab"))
    sharding = NamedSharding(mesh, P("batch", "vocab"))
    logits, mask = jax.device_put(logits, sharding), jax.device_put(mask, sharding)
    body = lambda z, m: hybrid_loss(z, m, MODEL_CONF, "vocab")
    return jax.shard_map(body, mesh=mesh, in_specs=(P("batch", "vocab"), P("batch", "vocab")), out_specs=P())(logits, mask)


if __name__ == "__main__":
    print(main(*inputs()))
