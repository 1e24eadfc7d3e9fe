"""Running best finalized score over decode steps of a beam search."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

BATCH, VOCAB = "batch", "vocab"
MAX_STEPS = 3


def decode(lprobs):
    def body(t, carry):
        best, tokens = carry
        step_scores = jax.lax.all_gather(lprobs * (t + 1), VOCAB, axis=-1, tiled=True, to="reduced")
        top = jax.lax.pmax(jnp.sum(step_scores, axis=-1), VOCAB)
        return jnp.maximum(best, top), tokens + 1

    best = jax.lax.pcast(jnp.full(lprobs.shape[:-1], -1e9, lprobs.dtype), BATCH, to="varying")
    tokens = jnp.zeros(lprobs.shape[:-1], jnp.int32)
    return jax.lax.fori_loop(0, MAX_STEPS, body, (best, tokens))


def inputs():
    rng = np.random.default_rng(12)
    return (rng.standard_normal((8, 4, 32), dtype=np.float32),)


def main(lprobs):
    mesh = jax.make_mesh((2, 4), (BATCH, VOCAB))
    lprobs = jax.device_put(lprobs, NamedSharding(mesh, P(BATCH, None, VOCAB)))
    run = jax.shard_map(
        decode,
        mesh=mesh,
        in_specs=P(BATCH, None, VOCAB),
        out_specs=(P(BATCH, None), P(BATCH, None)),
    )
    return run(lprobs)


if __name__ == "__main__":
    main(*inputs())
