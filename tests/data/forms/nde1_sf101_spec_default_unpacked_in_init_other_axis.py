import jax
from jax.sharding import PartitionSpec as P


class PairCounter:
    def __init__(self, spec=P("i", "j")):
        self.spec = spec
        self.corpus_axis = spec[0]
        self.vocab_axis = spec[1]

    def table(self, counts):
        merged = jax.lax.psum(counts.sum(axis=0, keepdims=True), self.vocab_axis)
        return jax.lax.all_gather(merged, self.corpus_axis, axis=0, tiled=True, to="reduced")

    def build(self, mesh):
        return jax.shard_map(self.table, mesh=mesh, in_specs=self.spec,
                             out_specs=P(None, None, reduced={self.corpus_axis}))


def main(mesh, x):
    return PairCounter().build(mesh)(x)
