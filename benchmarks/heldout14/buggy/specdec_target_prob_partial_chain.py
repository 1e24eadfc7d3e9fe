"""Speculative decoding, verification step: the target model's logits are vocab-parallel;
the target probability of each drafted token is assembled across the vocab shards and
shared for the accept/reject test."""
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
    vocab_size: int = 64
    gamma: int = 4


def token_prob(logits_shard, tokens, cfg):
    shard = jax.lax.axis_index(cfg.vocab_axis)
    width = logits_shard.shape[-1]
    local_ids = tokens - shard * width
    in_shard = (local_ids >= 0) & (local_ids < width)
    picked = jnp.take_along_axis(jnp.exp(logits_shard), jnp.clip(local_ids, 0, width - 1)[..., None], -1)[..., 0]
    partial_p = jnp.where(in_shard, picked, 0.0)
    return jax.lax.psum(partial_p, cfg.vocab_axis)


def verify(logits_shard, tokens, cfg=SpecConfig()):
    reduced_gather = functools.partial(jax.lax.all_gather, to="reduced")
    share = functools.partial(reduced_gather, axis_name=cfg.vocab_axis, axis=1, tiled=True)
    p = token_prob(logits_shard, tokens, cfg)
    return share(p)


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
