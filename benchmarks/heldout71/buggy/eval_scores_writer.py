"""Offline evaluation: write the eval scores for the model-comparison notebook.

Scores come out of the eval step split over both mesh axes on the rows; the writer assembles
them read-only under the eval job's mesh.
"""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

EVAL = {
    "mesh": ((4, 2), ("replica", "shard")),
    "writer": {"gathered": ["replica"]},
}


# --- sharding utils -------------------------------------------------------------------------

def make_mesh(shape, names):
    return jax.make_mesh(shape, names)


def place(mesh, array, spec):
    return jax.device_put(array, NamedSharding(mesh, spec))


class ScoreWriter:
    def __init__(self, mesh, gathered):
        self.mesh = mesh
        self.gathered = set(gathered)

    def layout(self, ndim):
        return P(*([None] * ndim), reduced=self.gathered)

    def write(self, scores):
        with jax.set_mesh(self.mesh):
            return top_level_all_gather(scores, self.layout(scores.ndim))


def eval_step(mesh, scores):
    sharding = NamedSharding(mesh, P(mesh.axis_names, None))
    return jax.jit(lambda s: s * 1.0, out_shardings=sharding)(scores)


def inputs():
    rng = np.random.default_rng(33)
    return (rng.random((64, 3)).astype(np.float32),)


def main(scores):
    mesh = make_mesh(*EVAL["mesh"])
    scores = place(mesh, scores, P(mesh.axis_names, None))
    scores = eval_step(mesh, scores)
    writer = ScoreWriter(mesh, **EVAL["writer"])
    return writer.write(scores)


if __name__ == "__main__":
    main(*inputs())
