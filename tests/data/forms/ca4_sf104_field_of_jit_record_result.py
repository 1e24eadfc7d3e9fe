"""A field of what a jitted function returns, its out_shardings a NamedTuple of shardings built by
a starred generator over a NamedTuple of specs; the gather in a method reading a class attribute."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class Tree(NamedTuple):
    values: jax.Array
    counts: jax.Array


SPECS = Tree(values=P("i", "j"), counts=P("i", None))


def build_init(mesh):
    shardings = Tree(*(NamedSharding(mesh, s) for s in SPECS))

    def init(x):
        return Tree(values=x * 2.0, counts=jnp.ones_like(x))

    return jax.jit(init, out_shardings=shardings)


class Evaluator:
    layout = P("j", None)

    def load(self, tree):
        return top_level_all_gather(tree.counts, self.layout)  # SF104


def main(mesh, x):
    init = build_init(mesh)
    with jax.set_mesh(mesh):
        tree = init(x)
        return Evaluator().load(tree), top_level_all_gather(tree.values, P("i", None))  # SF104
