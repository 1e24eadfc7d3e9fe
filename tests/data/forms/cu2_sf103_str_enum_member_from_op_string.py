"""The op arrives as a string and is turned into a str Enum member (`ReduceOp(op)`) before the
table lookup: "max" picks pmax, which rejects the reduced value the gather made."""
import enum

import jax
from jax.sharding import PartitionSpec as P


class ReduceOp(str, enum.Enum):
    SUM = "sum"
    MAX = "max"


_OPS = {ReduceOp.SUM: jax.lax.psum, ReduceOp.MAX: jax.lax.pmax}


def all_reduce(t, op="sum", axis_name="i"):
    return _OPS[ReduceOp(op)](t, axis_name)  # SF103


def body(x):
    shared = jax.lax.all_gather(x.max(axis=0), "i", axis=0, tiled=True, to="reduced")
    return all_reduce(shared, op="max")


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("j"))(x)
