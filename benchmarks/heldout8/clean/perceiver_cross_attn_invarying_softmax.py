"""Perceiver cross-attention: scores gathered to invarying, so the softmax sees a replicated value."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TOKENS = "tokens"


def cross_attention(latents, tokens):
    scores = jax.lax.all_gather(latents @ tokens.T, TOKENS, axis=1, tiled=True, to="invarying")
    return jax.nn.softmax(scores, axis=-1)


def inputs():
    rng = np.random.default_rng(54)
    return rng.normal(size=(4, 8)).astype(np.float32), rng.normal(size=(32, 8)).astype(np.float32)


def main(latents, tokens):
    mesh = jax.make_mesh((8,), (TOKENS,))
    latents = jax.device_put(latents, NamedSharding(mesh, P()))
    tokens = jax.device_put(tokens, NamedSharding(mesh, P(TOKENS, None)))
    f = jax.jit(jax.shard_map(cross_attention, mesh=mesh, in_specs=(P(), P(TOKENS, None)),
                              out_specs=P()))
    return f(latents, tokens)
