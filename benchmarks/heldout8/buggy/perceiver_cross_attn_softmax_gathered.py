"""Perceiver cross-attention: input tokens sharded over the mesh, the latents attend to all of them."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TOKENS = "tokens"


def cross_attention(latents, tokens):
    scores = latents @ tokens.T
    scores = jax.lax.all_gather(scores, TOKENS, axis=1, tiled=True, to="reduced")
    probs = jax.nn.softmax(scores, axis=-1)
    return probs


def inputs():
    rng = np.random.default_rng(31)
    return rng.normal(size=(4, 8)).astype(np.float32), rng.normal(size=(32, 8)).astype(np.float32)


def main(latents, tokens):
    mesh = jax.make_mesh((8,), (TOKENS,))
    latents = jax.device_put(latents, NamedSharding(mesh, P()))
    tokens = jax.device_put(tokens, NamedSharding(mesh, P(TOKENS, None)))
    f = jax.jit(jax.shard_map(cross_attention, mesh=mesh, in_specs=(P(), P(TOKENS, None)),
                              out_specs=P(None, None, reduced={TOKENS})))
    return f(latents, tokens)
