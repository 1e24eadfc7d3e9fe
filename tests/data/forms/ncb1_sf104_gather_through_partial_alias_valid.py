"""Near misses of cb1: the partial's spec is valid (one dimension, its axis reduced), the call
passes its own valid `out_sharding=` over the partial's, `multi_dim=True` is bound by the partial,
or the alias is rebound on one branch (which gather runs is not known)."""
from functools import partial

import jax
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

TRAIN = P("i", "j")

rows_only = partial(top_level_all_gather, out_sharding=P(None, "j", reduced={"i"}))
both = partial(top_level_all_gather, out_sharding=P(None, None, reduced={"i", "j"}), multi_dim=True)


def main(mesh, x, whole=False):
    table = jax.device_put(x, NamedSharding(mesh, TRAIN))
    export = partial(top_level_all_gather, out_sharding=P(None, None, reduced={"i", "j"}))
    if not whole:
        export = rows_only
    with jax.set_mesh(mesh):
        return (rows_only(table), export(table), both(table),
                both(table, out_sharding=P(None, "j", reduced={"i"}), multi_dim=False))
