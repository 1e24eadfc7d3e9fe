"""Candidates define only __lt__; max() asks 'item > best', which Python answers by
the other item's __lt__ (the reflected comparison): the candidate with the highest score wins."""

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Candidate:
    def __init__(self, axes, score):
        self.axes = axes
        self.score = score

    def __lt__(self, other):
        return self.score < other.score


def main():
    best = max(Candidate("i", 0.5), Candidate(("i", "j"), 0.9), Candidate("j", 0.7))
    return reduce_over(best.axes)


def reduce_over(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
