"""Beam search with shallow LM fusion: candidate scores are collected per vocabulary shard."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DECODE_CONF = {
    "beam_size": 2,
    "ctc_weight": 0.3,
    "lm_weight": 0.5,
    "penalty": 0.0,
}

SCORERS = {}


def scorer(name):
    def wrap(fn):
        SCORERS[name] = fn
        return fn
    return wrap


@scorer("decoder")
def decoder_scores(logits, vocab_axis):
    return jax.nn.log_sigmoid(logits)


@scorer("lm")
def lm_scores(logits, vocab_axis):
    norm = jax.lax.psum(jnp.exp(logits).sum(axis=-1, keepdims=True), vocab_axis)
    return logits - jnp.log(norm)


class BeamSearch:
    def __init__(self, mesh, weights):
        self.beam_axis, self.vocab_axis = mesh.axis_names
        self.weights = weights

    def collect_candidates(self, best):
        return jax.lax.all_gather(best, self.vocab_axis, axis=1, tiled=True, to="invarying")

    def __call__(self, dec_logits, lm_logits):
        scores = {"decoder": SCORERS["decoder"](dec_logits, self.vocab_axis),
                  "lm": SCORERS["lm"](lm_logits, self.vocab_axis)}
        fused = scores["decoder"] + self.weights["lm"] * scores["lm"]
        best = jax.lax.pmax(fused.max(axis=-1, keepdims=True), self.vocab_axis)
        return fused, self.collect_candidates(best)


def inputs():
    rng = np.random.default_rng(50)
    return rng.standard_normal((8, 16)).astype(np.float32), rng.standard_normal((8, 16)).astype(np.float32)


def main(dec_logits, lm_logits):
    mesh = jax.make_mesh((2, 4), ("beam", "vocab"))
    sharding = NamedSharding(mesh, P("beam", "vocab"))
    dec_logits, lm_logits = jax.device_put(dec_logits, sharding), jax.device_put(lm_logits, sharding)
    search = BeamSearch(mesh, {"decoder": 1.0 - DECODE_CONF["ctc_weight"], "lm": DECODE_CONF["lm_weight"]})
    return jax.shard_map(search, mesh=mesh, in_specs=(P("beam", "vocab"), P("beam", "vocab")),
                         out_specs=(P("beam", "vocab"), P("beam", None)))(dec_logits, lm_logits)


if __name__ == "__main__":
    print(main(*inputs()))
