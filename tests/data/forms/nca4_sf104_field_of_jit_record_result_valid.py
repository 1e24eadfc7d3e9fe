"""Near misses of ca4: the gathered field's spec (at its position in the specs) makes the gather a
valid one, and a generator over a list of specs (changeable in place) is not read."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class Tree(NamedTuple):
    values: jax.Array
    counts: jax.Array


SPECS = Tree(values=P("i", None), counts=P("j", None))
LISTED = [P("i", "j"), P("i", None)]


def build_init(mesh, specs):
    shardings = Tree(*(NamedSharding(mesh, s) for s in specs))

    def init(x):
        return Tree(values=x * 2.0, counts=jnp.ones_like(x))

    return jax.jit(init, out_shardings=shardings)


class Evaluator:
    layout = P("j", None)

    def load(self, tree):
        return top_level_all_gather(tree.counts, self.layout)


def main(mesh, x):
    init = build_init(mesh, SPECS)
    LISTED[1] = P("j", None)
    listed = build_init(mesh, LISTED)
    with jax.set_mesh(mesh):
        tree = init(x)
        other = listed(x)
        return Evaluator().load(tree), Evaluator().load(other), top_level_all_gather(tree.values, P("i", None))
