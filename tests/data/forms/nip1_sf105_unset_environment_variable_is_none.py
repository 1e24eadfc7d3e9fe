import os

import jax
from jax.sharding import PartitionSpec as P


def body(block):
    rows = jax.lax.psum(block, "j")
    axes = ("i",) if os.environ.get("SHARDFIX_FORM_IP1_WIDE") is None else ("i", "j")
    return jax.lax.psum(rows, axes)


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
