"""The namedtuple is built by keyword in the other order (`Pair(second=..., first=x)`): its first
item is the varying input, so ppermute of `pair[0]` is legal."""
import collections

import jax
from jax.sharding import PartitionSpec as P

Pair = collections.namedtuple("Pair", "first second")


def body(x):
    full = lambda v: jax.lax.all_gather(v, "i", axis=0, tiled=True, to="reduced")
    pair = Pair(second=full(x), first=x)
    return jax.lax.ppermute(pair[0], "i", [(0, 1), (1, 0)])


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
