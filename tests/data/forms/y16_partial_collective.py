from functools import partial

import jax
from jax.sharding import PartitionSpec as P

sum_all = partial(jax.lax.psum, axis_name=("i", "j"))
gather_rows = partial(jax.lax.all_gather, axis_name="i", to="reduced", tiled=True)


def body(h):
    s = jax.lax.psum(h, "j")
    return sum_all(s)  # SF105


def rows(h):
    g = gather_rows(h)
    return jax.lax.psum(g, "i")  # SF103


def run(mesh, x):
    a = jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
    b = jax.shard_map(rows, mesh=mesh, in_specs=P("i"), out_specs=P())(x)
    return a, b
