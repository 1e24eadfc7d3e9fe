from functools import partial

import jax
from jax.sharding import PartitionSpec as P


def apply_all(stages, v):
    for stage in stages:
        v = stage(v)  # SF105
    return v


def body(x):
    stages = [
        lambda v: v * 2.0,
        partial(jax.lax.psum, axis_name="j"),
        partial(jax.lax.pmean, axis_name=("i", "j")),
    ]
    return apply_all(stages, x)


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
