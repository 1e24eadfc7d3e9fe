"""The same IntEnum test, but the first call asks for NONE: `op == ReduceOp.SUM` is false, the
rows stay local (varying on 'i' and 'j'), and the later sum over ('i', 'j') is fine."""
import enum

import jax
from jax.sharding import PartitionSpec as P


class ReduceOp(enum.IntEnum):
    SUM = 0
    NONE = 1


def all_reduce(t, op=ReduceOp.SUM, axes=("i", "j")):
    fn = jax.lax.psum if op == ReduceOp.SUM else (lambda value, _: value)
    return fn(t, axes)


def body(x):
    rows = all_reduce(x.sum(), ReduceOp.NONE, axes="j")
    return all_reduce(rows)[None]


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
