"""Recommender: embedding table rows sharded over 'row', embedding dim over 'col'."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("row", "col"))
TABLE_SPEC = P("row", "col")


class ShardedEmbedding:
    def __init__(self, row_axis="row", col_axis="col"):
        self.row_axis = row_axis
        self.col_axis = col_axis

    def full_columns(self, table):
        return jax.lax.all_gather(table, self.col_axis, axis=1, tiled=True, to="reduced")

    def full_table(self, table):
        wide = self.full_columns(table)
        return jax.lax.all_gather(wide, (self.row_axis, self.col_axis), axis=0, tiled=True,
                                  to="reduced")

    def lookup(self, table, ids):
        full = self.full_table(table)
        return full, ids


EMB = ShardedEmbedding()


def inputs():
    table = jnp.arange(16 * 8, dtype=jnp.float32).reshape(16, 8)
    ids = jnp.arange(8, dtype=jnp.int32)
    return (jax.device_put(table, NamedSharding(mesh, TABLE_SPEC)),
            jax.device_put(ids, NamedSharding(mesh, P())))


def main(table, ids):
    f = jax.shard_map(EMB.lookup, mesh=mesh, in_specs=(TABLE_SPEC, P()),
                      out_specs=(P(reduced={"row", "col"}), P()))
    return f(table, ids)
