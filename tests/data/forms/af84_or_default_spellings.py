import jax
from jax.sharding import PartitionSpec as P

DEFAULT_AXES = ("i", "j")


def all_reduce(g, axes=None, inner=None):
    axes = axes or DEFAULT_AXES
    inner = inner or axes[-1]
    g = jax.lax.psum(g, inner)
    return jax.lax.psum(g, axes)  # SF105


def body(g):
    return all_reduce(g)


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
