from functools import partial

import jax
from jax.sharding import PartitionSpec as P


def body(a, b):
    parts = [jax.lax.psum(a, "j"), jax.lax.psum(b, "j")]
    reduced = list(map(partial(jax.lax.psum, axis_name=("i", "j")), parts))  # SF105
    return reduced[0] + reduced[1]


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=(P("i", "j"), P("i", "j")), out_specs=P())(x, x)
