"""Batched MCTS tree storage: node arrays from a jitted initialiser, regathered for the evaluator."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

BATCH, ACTION = "batch", "action"


class Tree(NamedTuple):
    node_values: jax.Array
    visit_counts: jax.Array


TREE_SPECS = Tree(node_values=P(BATCH, ACTION), visit_counts=P(BATCH, None))


def build_init(mesh):
    shardings = Tree(*(NamedSharding(mesh, s) for s in TREE_SPECS))

    def init(root_values):
        return Tree(node_values=jnp.tile(root_values[:, None], (1, 8)),
                    visit_counts=jnp.ones((root_values.shape[0], 16), jnp.float32))

    return jax.jit(init, out_shardings=shardings)


class Evaluator:
    visit_layout = P(ACTION, None)

    def load(self, tree):
        return top_level_all_gather(tree.visit_counts, self.visit_layout)


def inputs():
    return (np.linspace(-1.0, 1.0, 8, dtype=np.float32),)


def main(root_values):
    mesh = jax.make_mesh((4, 2), (BATCH, ACTION))
    init = build_init(mesh)
    with jax.set_mesh(mesh):
        tree = init(root_values)
        visits = Evaluator().load(tree)
    return visits


if __name__ == "__main__":
    main(*inputs())
