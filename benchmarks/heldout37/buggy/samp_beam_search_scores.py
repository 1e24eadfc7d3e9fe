"""Beam search: beam scores replicated across shards, then over the whole mesh."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("dp", "vocab_shard"))


class BeamSearchScorer:
    def __init__(self, num_beams, length_penalty=1.0, *, beam_axis="vocab_shard", batch_axis="dp"):
        self.num_beams = num_beams
        self.length_penalty = length_penalty
        self.beam_axis = beam_axis
        self.batch_axis = batch_axis

    def step(self, beam_logprobs):
        scores = beam_logprobs.sum(axis=-1)
        beams = jax.lax.all_gather(scores, self.beam_axis, axis=1, tiled=True, to="reduced")
        everywhere = [self.beam_axis, self.batch_axis]
        return jax.lax.all_gather(beams, axis_name=tuple(everywhere), tiled=True, to="reduced")


def inputs():
    lp = -jax.random.uniform(jax.random.key(20), (4, 8, 5))
    return (jax.device_put(lp, NamedSharding(MESH, P("dp", "vocab_shard", None))),)


def main(beam_logprobs):
    scorer = BeamSearchScorer(num_beams=8)
    return jax.shard_map(scorer.step, mesh=MESH, in_specs=P("dp", "vocab_shard", None),
                         out_specs=P(None, None, reduced={"dp", "vocab_shard"}))(beam_logprobs)
