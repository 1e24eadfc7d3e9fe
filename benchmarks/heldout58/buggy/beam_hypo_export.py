"""Finalized hypotheses handed from the generator to the detokenizer."""
from dataclasses import dataclass

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class OutputLayout:
    hypo_tokens: P = P("batch", None)
    detok_tokens: P = P(None, None)
    positional_scores: P = P("batch", "vocab")


LAYOUT = OutputLayout()


def finalize_hypos(tokens, mesh):
    return jax.device_put(tokens, NamedSharding(mesh, LAYOUT.hypo_tokens))


def to_detokenizer(hypos):
    return top_level_all_gather(hypos, LAYOUT.detok_tokens)


def inputs():
    rng = np.random.default_rng(13)
    return (rng.integers(4, 100, size=(8, 12)).astype(np.int32),)


def main(tokens):
    mesh = jax.make_mesh((2, 4), ("batch", "vocab"))
    with jax.set_mesh(mesh):
        hypos = finalize_hypos(tokens, mesh)
        return to_detokenizer(hypos)


if __name__ == "__main__":
    main(*inputs())
