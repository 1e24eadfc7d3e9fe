"""A function handed the class narrows its axes by `setattr` before they are handed on."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Plan:
    AXES = ("i", "j")


def narrow(cls, field="AXES"):
    setattr(cls, field, ("i",))


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    narrow(Plan)
    x = jax.device_put(np.asarray(x), NamedSharding(mesh, P("i", "j")))
    return reduce_rows(mesh, x, Plan.AXES)
