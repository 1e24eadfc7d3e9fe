"""Speculative decoding, drafting loop: gamma tokens are drafted with a lax.scan; the draft
distribution over the full vocabulary is kept for the later residual resampling."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

VOCAB = "vocab"
GAMMA = 4


def draft_distribution(logits_shard):
    probs = jax.lax.all_gather(jnp.exp(logits_shard), VOCAB, axis=-1, tiled=True, to="reduced")
    normalizer = jax.lax.psum(jnp.sum(probs, axis=-1, keepdims=True), VOCAB)
    return probs, normalizer


def draft(h, w, emb):
    def step(carry, _):
        logits = carry @ w
        probs, z = draft_distribution(logits)
        token = jnp.argmax(probs, axis=-1)
        return jnp.tanh(carry + jnp.take(emb, token, axis=0)), (token, z)

    _, (tokens, z) = jax.lax.scan(step, h, None, length=GAMMA)
    return tokens, z


def inputs():
    h = np.linspace(-1, 1, 4 * 16, dtype=np.float32).reshape(4, 16)
    w = np.linspace(-0.3, 0.3, 16 * 16, dtype=np.float32).reshape(16, 16)
    emb = np.linspace(-0.1, 0.1, 16 * 16, dtype=np.float32).reshape(16, 16)
    return h, w, emb


def main(h, w, emb):
    mesh = jax.make_mesh((2, 4), ("batch", VOCAB))
    h = jax.device_put(h, NamedSharding(mesh, P("batch", None)))
    w = jax.device_put(w, NamedSharding(mesh, P(None, VOCAB)))
    emb = jax.device_put(emb, NamedSharding(mesh, P()))
    f = jax.shard_map(draft, mesh=mesh, in_specs=(P("batch", None), P(None, VOCAB), P()),
                      out_specs=(P(None, "batch"), P(None, "batch", None)))
    return f(h, w, emb)


if __name__ == "__main__":
    print(main(*inputs()))
