"""BPE trainer step: pair counts from corpus shards are merged into the vocab-sharded pair table."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

COUNTS_SPEC = P("docs", "vocab")


class PairCounter:
    def __init__(self, spec=COUNTS_SPEC):
        self.spec = spec
        self.corpus_axis, self.vocab_axis = spec

    def merged_counts(self, counts):
        return jax.lax.psum(counts.sum(axis=0, keepdims=True), self.corpus_axis)

    def table(self, counts):
        merged = self.merged_counts(counts)
        return jax.lax.all_gather(merged, self.corpus_axis, axis=0, tiled=True, to="reduced")

    def build(self, mesh):
        return jax.shard_map(self.table, mesh=mesh, in_specs=self.spec,
                             out_specs=P(None, self.vocab_axis, reduced={self.corpus_axis}))


def inputs():
    rng = np.random.default_rng(71)
    return (rng.poisson(3.0, size=(8, 16)).astype(np.float32),)


def main(counts):
    mesh = jax.make_mesh((4, 2), ("docs", "vocab"))
    counts = jax.device_put(counts, NamedSharding(mesh, COUNTS_SPEC))
    return PairCounter().build(mesh)(counts)


if __name__ == "__main__":
    print(main(*inputs()))
