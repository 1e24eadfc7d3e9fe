"""Speculative decoding, verification step: the target probability of each drafted token
is summed over the vocab shards, cast back to per-shard values, then gathered reduced."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class SpecConfig:
    batch_axis: str = "batch"
    vocab_axis: str = "vocab"


def token_prob(logits_shard, tokens, cfg):
    shard = jax.lax.axis_index(cfg.vocab_axis)
    width = logits_shard.shape[-1]
    local_ids = tokens - shard * width
    in_shard = (local_ids >= 0) & (local_ids < width)
    picked = jnp.take_along_axis(jnp.exp(logits_shard), jnp.clip(local_ids, 0, width - 1)[..., None], -1)[..., 0]
    p = jax.lax.psum(jnp.where(in_shard, picked, 0.0), cfg.vocab_axis)
    return jax.lax.pcast(p, cfg.vocab_axis, to="varying")


def verify(logits_shard, tokens, cfg=SpecConfig()):
    share = functools.partial(jax.lax.all_gather, axis_name=cfg.vocab_axis, axis=1, tiled=True, to="reduced")
    return share(token_prob(logits_shard, tokens, cfg))


def inputs():
    logits = np.linspace(-3.0, 1.0, 8 * 4 * 64, dtype=np.float32).reshape(8, 4, 64)
    tokens = (np.arange(8 * 4) * 7 % 64).reshape(8, 4).astype(np.int32)
    return logits, tokens


def main(logits, tokens):
    cfg = SpecConfig()
    mesh = jax.make_mesh((2, 4), (cfg.batch_axis, cfg.vocab_axis))
    logits = jax.device_put(logits, NamedSharding(mesh, P(cfg.batch_axis, None, cfg.vocab_axis)))
    tokens = jax.device_put(tokens, NamedSharding(mesh, P(cfg.batch_axis)))
    f = jax.shard_map(verify, mesh=mesh,
                      in_specs=(P(cfg.batch_axis, None, cfg.vocab_axis), P(cfg.batch_axis)),
                      out_specs=P(cfg.batch_axis, None, reduced={cfg.vocab_axis}))
    return f(logits, tokens)


if __name__ == "__main__":
    print(main(*inputs()))
