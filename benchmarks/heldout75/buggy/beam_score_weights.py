"""Beam search: weighted sum of scorer outputs (decoder, CTC prefix, LM) per candidate."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

WEIGHTS = {"decoder": 0.7, "ctc": 0.3, "lm": 0.4}


class LMScorer:
    def __init__(self, vocab_axis):
        self.vocab_axis = vocab_axis

    def score(self, logits):
        return jax.lax.all_gather(jax.nn.log_sigmoid(logits), self.vocab_axis, axis=1, tiled=True, to="reduced")


class FullScorer:
    def score(self, logits):
        return jax.lax.all_gather(jax.nn.log_sigmoid(logits), "vocab", axis=1, tiled=True, to="invarying")


class BeamSearch:
    def __init__(self, scorers, weights):
        self.scorers = scorers
        self.weights = weights

    def __call__(self, dec, ctc, lm):
        logits = {"decoder": dec, "ctc": ctc, "lm": lm}
        scores = {k: s.score(logits[k]) for k, s in self.scorers.items()}
        return sum(self.weights[k] * scores[k] for k in self.scorers)


def inputs():
    rng = np.random.default_rng(55)
    return tuple(rng.standard_normal((8, 16)).astype(np.float32) for _ in range(3))


def main(dec, ctc, lm):
    mesh = jax.make_mesh((2, 4), ("beam", "vocab"))
    sharding = NamedSharding(mesh, P("beam", "vocab"))
    dec, ctc, lm = (jax.device_put(a, sharding) for a in (dec, ctc, lm))
    search = BeamSearch({"decoder": FullScorer(), "ctc": FullScorer(), "lm": LMScorer("vocab")}, WEIGHTS)
    return jax.shard_map(search, mesh=mesh, in_specs=(P("beam", "vocab"),) * 3, out_specs=P("beam", None))(dec, ctc, lm)


if __name__ == "__main__":
    print(main(*inputs()))
