"""A torch-style all_reduce whose op is a plain Enum member looked up in a table keyed by the
members (`_REDUCERS[op]`): the default SUM picks psum, and the invariant sum is then gathered to
reduced."""
import enum

import jax
from jax.sharding import PartitionSpec as P


class ReduceOp(enum.Enum):
    SUM = "sum"
    MAX = "max"
    NONE = "none"


def _keep(t, axis_name):
    return t


_REDUCERS = {ReduceOp.SUM: jax.lax.psum, ReduceOp.MAX: jax.lax.pmax, ReduceOp.NONE: _keep}


def all_reduce(t, op=ReduceOp.SUM, axis_name="i"):
    return _REDUCERS[op](t, axis_name)


def body(x):
    total = all_reduce(x.sum(axis=0, keepdims=True))
    return jax.lax.all_gather(total, "i", axis=0, tiled=True, to="reduced")  # SF101


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)
