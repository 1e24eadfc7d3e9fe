"""Speculative decoding: acceptance-rate statistics shared with the draft-length controller."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("batch", "vocab"))


@dataclass
class SpeculativeConfig:
    num_speculative_tokens: int = 4
    batch_axis: str = "batch"
    vocab_axis: str = "vocab"


def accepted_prefix(draft_probs, target_probs):
    ratio = jnp.minimum(1.0, target_probs / draft_probs)
    return jnp.cumprod(ratio > 0.5, axis=-1).sum(-1).astype(jnp.float32)


def acceptance_stats(draft_probs, target_probs, cfg: SpeculativeConfig):
    accepted = accepted_prefix(draft_probs, target_probs)
    total = jax.lax.psum(accepted.sum(keepdims=True), cfg.batch_axis)
    rate = total / cfg.num_speculative_tokens
    rate = jax.lax.pcast(rate, cfg.batch_axis, to="varying")
    return jax.lax.all_gather(rate, cfg.batch_axis, to="reduced", tiled=True)


def inputs():
    k1, k2 = jax.random.split(jax.random.key(4))
    draft = jax.random.uniform(k1, (8, 4, 4), minval=0.1)
    target = jax.random.uniform(k2, (8, 4, 4), minval=0.1)
    sh = NamedSharding(MESH, P("batch", "vocab", None))
    return jax.device_put(draft, sh), jax.device_put(target, sh)


def main(draft_probs, target_probs):
    cfg = SpeculativeConfig()
    fn = jax.shard_map(lambda d, t: acceptance_stats(d, t, cfg), mesh=MESH,
                       in_specs=(P("batch", "vocab", None),) * 2,
                       out_specs=P(None, "vocab", reduced={"batch"}))
    return fn(draft_probs, target_probs)
