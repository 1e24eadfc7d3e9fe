"""Preference dataset collator: chosen/rejected lengths are gathered to pick the padding bucket."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class Pair(NamedTuple):
    chosen_mask: jax.Array
    rejected_mask: jax.Array


class PairCollator:
    def __init__(self, mesh):
        self.pair_axis, self.head_axis = mesh.axis_names

    def lengths(self, pair: Pair):
        longest = jnp.maximum(pair.chosen_mask.sum(-1), pair.rejected_mask.sum(-1))[:, None]
        return jax.lax.all_gather(longest, self.pair_axis, tiled=True, to="reduced")

    def bucket(self, pair: Pair):
        gathered = self.lengths(pair)
        axes = (self.head_axis,)
        return jax.lax.all_gather(gathered, axes, axis=1, tiled=True, to="reduced")


def inputs():
    mesh = jax.make_mesh((2, 4), ("pair", "head"))
    s = NamedSharding(mesh, P("pair", "head"))
    return mesh, Pair(jax.device_put(jnp.ones((4, 8)), s), jax.device_put(jnp.ones((4, 8)), s))


def main(mesh, pair):
    collator = PairCollator(mesh)
    fn = jax.shard_map(collator.bucket, mesh=mesh, in_specs=(Pair(P("pair", "head"), P("pair", "head")),),
                       out_specs=P(None, None, reduced={"pair", "head"}))
    return fn(pair)


if __name__ == "__main__":
    main(*inputs())
