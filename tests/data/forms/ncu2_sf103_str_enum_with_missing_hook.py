"""The Enum finds members through its own `_missing_` hook ("MAX" is not a value): which member
`ReduceOp(op)` gives is the hook's code, not Enum's value map, so nothing is said."""
import enum

import jax
from jax.sharding import PartitionSpec as P


class ReduceOp(str, enum.Enum):
    SUM = "sum"
    MAX = "max"

    @classmethod
    def _missing_(cls, value):
        return cls(value.lower())


_OPS = {ReduceOp.SUM: jax.lax.psum, ReduceOp.MAX: jax.lax.pmax}


def all_reduce(t, op="sum", axis_name="i"):
    return _OPS[ReduceOp(op)](t, axis_name)


def body(x):
    shared = jax.lax.all_gather(x.max(axis=0), "i", axis=0, tiled=True, to="reduced")
    return all_reduce(shared, op="MAX")


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("j"))(x)
