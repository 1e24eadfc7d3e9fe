"""Transducer beam search: hypotheses are pruned against the best score over the beam shards."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DECODE = {"beam_axis": "model", "utt_axis": "data", "prune_margin": 4.0}


class BeamSearch:
    def __init__(self, decode):
        self.decode = decode
        self.gather_beams = functools.partial(
            jax.lax.all_gather, axis_name=decode["beam_axis"], axis=1, tiled=True, to="reduced")
        self.best_of = functools.partial(jax.lax.pmax, axis_name=decode["beam_axis"])

    def prune(self, scores):
        beams = self.gather_beams(scores)
        return jnp.max(beams, axis=1, keepdims=True)

    def step(self, log_probs):
        scores = jnp.cumsum(log_probs, axis=1)
        return scores - self.prune(scores)


def inputs():
    rng = np.random.default_rng(12)
    return (-np.abs(rng.standard_normal((8, 16))).astype(np.float32),)


def main(log_probs):
    search = BeamSearch(DECODE)
    mesh = jax.make_mesh((2, 4), (DECODE["utt_axis"], DECODE["beam_axis"]))
    spec = P(DECODE["utt_axis"], DECODE["beam_axis"])
    log_probs = jax.device_put(log_probs, NamedSharding(mesh, spec))
    return jax.shard_map(search.step, mesh=mesh, in_specs=spec, out_specs=spec)(log_probs)


if __name__ == "__main__":
    print(main(*inputs()))
