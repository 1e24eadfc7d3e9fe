import jax
from jax.sharding import PartitionSpec as P

COUNTS_SPEC = P("i", "j")


class PairCounter:
    def __init__(self, spec=COUNTS_SPEC):
        self.spec = spec
        self.corpus_axis, self.vocab_axis = spec

    def table(self, counts):
        merged = jax.lax.psum(counts.sum(axis=0, keepdims=True), self.corpus_axis)
        return jax.lax.all_gather(merged, self.corpus_axis, axis=0, tiled=True, to="reduced")  # SF101

    def build(self, mesh):
        return jax.shard_map(self.table, mesh=mesh, in_specs=self.spec,
                             out_specs=P(None, self.vocab_axis, reduced={self.corpus_axis}))


def main(mesh, x):
    return PairCounter().build(mesh)(x)
