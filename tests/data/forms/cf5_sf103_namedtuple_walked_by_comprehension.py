"""An object of a `collections.namedtuple` class is a tuple of its fields: a comprehension over
it walks the reduced gathers a lambda made, and ppermute of one fails."""
import collections

import jax
from jax.sharding import PartitionSpec as P

Pair = collections.namedtuple("Pair", ["first", "second"])


def body(x):
    full = lambda v: jax.lax.all_gather(v, "i", axis=0, tiled=True, to="reduced")
    pair = Pair(full(x), full(x * 2.0))
    moved = [jax.lax.ppermute(v, "i", [(0, 1), (1, 0)]) for v in pair]  # SF103
    return moved[0] - moved[1]


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
