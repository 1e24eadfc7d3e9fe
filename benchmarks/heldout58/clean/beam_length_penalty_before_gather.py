"""Length-normalised rescoring of finalized hypotheses (fairseq lenpen)."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class GenerationConfig:
    beam_size: int = 4
    lenpen: float = 1.2
    normalize_scores: bool = True


class HypothesisRescorer:
    def __init__(self, cfg, batch_axis="batch"):
        self.cfg = cfg
        self.batch_axis = batch_axis

    def rescore(self, scores, lengths):
        if self.cfg.normalize_scores:
            scores = scores / jnp.power(lengths.astype(jnp.float32), self.cfg.lenpen)
        return jax.lax.all_gather(scores, self.batch_axis, axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(15)
    scores = -rng.random((8, 16), dtype=np.float32) * 10
    lengths = np.full((1, 16), 7, np.int32)
    return scores, lengths


def main(scores, lengths):
    mesh = jax.make_mesh((2, 4), ("batch", "vocab"))
    rescorer = HypothesisRescorer(GenerationConfig())
    scores = jax.device_put(scores, NamedSharding(mesh, P("batch", "vocab")))
    lengths = jax.device_put(lengths, NamedSharding(mesh, P(None, "vocab")))
    fn = jax.shard_map(
        rescorer.rescore,
        mesh=mesh,
        in_specs=(P("batch", "vocab"), P(None, "vocab")),
        out_specs=P(None, "vocab", reduced={"batch"}),
    )
    return fn(scores, lengths)


if __name__ == "__main__":
    main(*inputs())
