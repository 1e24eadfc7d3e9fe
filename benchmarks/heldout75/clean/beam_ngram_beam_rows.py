"""Beam search with an n-gram scorer: full-vocabulary score rows are shared by all hypotheses."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class NgramScorer:
    def __init__(self, vocab_axis, order=3):
        self.vocab_axis = vocab_axis
        self.order = order

    def full_row(self, scores):
        return jax.lax.all_gather(scores, self.vocab_axis, axis=1, tiled=True, to="reduced")


class CTCPrefixScorer:
    def __init__(self, vocab_axis):
        self.vocab_axis = vocab_axis

    def full_row(self, scores):
        return scores


class BeamSearch:
    def __init__(self, mesh, full_scorers):
        self.search_axes = mesh.axis_names[:1]
        self.full_scorers = full_scorers

    def share(self, rows):
        return jax.lax.all_gather(rows, self.search_axes, axis=0, tiled=True, to="reduced")

    def __call__(self, ctc, ngram):
        inputs = {"ctc": ctc, "ngram": ngram}
        shared = {}
        for name, scorer in self.full_scorers.items():
            shared[name] = self.share(scorer.full_row(inputs[name]))
        return shared


def inputs():
    rng = np.random.default_rng(51)
    return rng.standard_normal((8, 16)).astype(np.float32), rng.standard_normal((8, 16)).astype(np.float32)


def main(ctc, ngram):
    mesh = jax.make_mesh((2, 4), ("beam", "vocab"))
    sharding = NamedSharding(mesh, P("beam", "vocab"))
    ctc, ngram = jax.device_put(ctc, sharding), jax.device_put(ngram, sharding)
    search = BeamSearch(mesh, {"ctc": CTCPrefixScorer("vocab"), "ngram": NgramScorer("vocab")})
    out = {"ctc": P(None, "vocab", reduced={"beam"}), "ngram": P(None, None, reduced={"beam", "vocab"})}
    return jax.shard_map(search, mesh=mesh, in_specs=(P("beam", "vocab"), P("beam", "vocab")), out_specs=out)(ctc, ngram)


if __name__ == "__main__":
    print(main(*inputs()))
