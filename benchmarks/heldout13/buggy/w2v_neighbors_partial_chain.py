"""Nearest-neighbour export of word vectors: the embedding table is split by rows over
`vocab` and by columns over `dim`; gathers are built as functools.partial chains."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

tiled_gather = functools.partial(jax.lax.all_gather, tiled=True)
reduced_gather = functools.partial(tiled_gather, to="reduced")
gather_cols = functools.partial(reduced_gather, axis_name="dim", axis=1)
gather_table = functools.partial(reduced_gather, axis_name=("vocab", "dim"), axis=0)


def export(table):
    vectors = gather_cols(table)
    full = gather_table(vectors)
    return vectors, full


def main(table, mesh):
    table = jax.device_put(table, NamedSharding(mesh, P("vocab", "dim")))
    fn = jax.shard_map(export, mesh=mesh, in_specs=P("vocab", "dim"),
                       out_specs=(P("vocab", None, reduced={"dim"}),
                                  P(None, None, reduced={"vocab", "dim"})))
    return fn(table)


def inputs():
    mesh = jax.make_mesh((4, 2), ("vocab", "dim"))
    return jax.random.normal(jax.random.key(21), (16, 8)), mesh
