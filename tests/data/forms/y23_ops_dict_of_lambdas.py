import jax
from jax.sharding import PartitionSpec as P

AXES = ("i", "j")
REDUCE = {
    "sum": lambda v: jax.lax.psum(v, AXES),  # SF105
    "max": lambda v: jax.lax.pmax(v, AXES),
}


def body(h, kind="sum"):
    local = jax.lax.psum(h, "j")
    return REDUCE[kind](local)


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
