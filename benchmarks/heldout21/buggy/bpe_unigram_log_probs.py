"""Unigram-LM (SentencePiece-style) piece scores from sharded piece frequencies."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CORPUS, PIECES = "corpus", "pieces"


def piece_frequencies(counts):
    return jax.lax.all_gather(counts, PIECES, axis=0, tiled=True, to="reduced")


def log_probs(counts):
    freq = piece_frequencies(counts)
    total = jax.lax.psum(jnp.sum(counts), PIECES)
    scores = jnp.log(freq) - jnp.log(total)
    return jax.lax.psum(jnp.sum(jnp.exp(scores)), (CORPUS, PIECES))


def inputs():
    rng = np.random.default_rng(61)
    return ((1 + rng.integers(0, 50, size=(2, 32))).astype(np.float32).reshape(64),)


def main(counts):
    mesh = jax.make_mesh((2, 4), (CORPUS, PIECES))
    counts = jax.device_put(counts, NamedSharding(mesh, P((CORPUS, PIECES))))
    fn = jax.shard_map(log_probs, mesh=mesh, in_specs=P((CORPUS, PIECES)), out_specs=P())
    return fn(counts)


if __name__ == "__main__":
    print(main(*inputs()))
