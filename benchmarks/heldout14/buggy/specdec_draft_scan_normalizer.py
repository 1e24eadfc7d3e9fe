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


def draft(h, w):
    def step(carry, _):
        logits = carry @ w
        probs, z = draft_distribution(logits)
        return carry, (probs, z)

    _, (probs, z) = jax.lax.scan(step, h, None, length=GAMMA)
    return probs, z


def inputs():
    h = np.linspace(-1, 1, 4 * 16, dtype=np.float32).reshape(4, 16)
    w = np.linspace(-0.3, 0.3, 16 * 16, dtype=np.float32).reshape(16, 16)
    return h, w


def main(h, w):
    mesh = jax.make_mesh((2, 4), ("batch", VOCAB))
    h = jax.device_put(h, NamedSharding(mesh, P("batch", None)))
    w = jax.device_put(w, NamedSharding(mesh, P(None, VOCAB)))
    f = jax.shard_map(draft, mesh=mesh, in_specs=(P("batch", None), P(None, VOCAB)),
                      out_specs=(P(None, "batch", None, reduced={VOCAB}), P(None, "batch", None)))
    return f(h, w)


if __name__ == "__main__":
    print(main(*inputs()))
