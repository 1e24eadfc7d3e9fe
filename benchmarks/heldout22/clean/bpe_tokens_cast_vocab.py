"""Corpus statistics for the tokenizer report: mean tokens per document over the whole mesh."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ALL = ("docs", "vocab")


def _tokens_in_range(token_hist):
    return token_hist.sum(axis=1)


def count_tokens(token_hist, vocab_axis="vocab"):
    # every vocab shard holds the histogram of its id range
    return jax.lax.psum(_tokens_in_range(token_hist), vocab_axis)


def mean_doc_length(token_hist):
    lengths = count_tokens(token_hist)
    # the lengths no longer vary over vocab shards; mark them varying so the mean may span both axes
    lengths = jax.lax.pcast(lengths, "vocab", to="varying")
    return jax.lax.pmean(jnp.mean(lengths), axis_name=ALL)


def inputs():
    return (np.random.default_rng(83).poisson(1.5, size=(16, 8)).astype(np.float32),)


def main(token_hist):
    mesh = jax.make_mesh((4, 2), ALL)
    token_hist = jax.device_put(token_hist, NamedSharding(mesh, P(*ALL)))
    return jax.shard_map(mean_doc_length, mesh=mesh, in_specs=P(*ALL), out_specs=P())(token_hist)


if __name__ == "__main__":
    print(main(*inputs()))
