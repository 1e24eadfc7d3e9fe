import os

import jax
from jax.sharding import PartitionSpec as P


class Layout:
    ROWS = P("i")


class Env:
    DATA = os.environ.get("SHARDFIX_FORM_DATA_AXIS", "i")
    SPEC = P(DATA, "j")


def body(x):
    return jax.lax.psum(x, ("i", "j"))  # none: the spec is reassigned before the call / read from the environment


def run(mesh, x):
    Layout.ROWS = P("i", "j")
    a = jax.shard_map(body, mesh=mesh, in_specs=Layout.ROWS, out_specs=P())(x)
    b = jax.shard_map(body, mesh=mesh, in_specs=Env.SPEC, out_specs=P())(x)
    return a, b
