"""`setattr` on the class sets another attribute: the axes handed on are still the body's."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Plan:
    AXES = ("i", "j")
    NAME = "full"


setattr(Plan, "NAME", "rows")


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    x = jax.device_put(np.asarray(x), NamedSharding(mesh, P("i", "j")))
    return reduce_rows(mesh, x, Plan.AXES)
