"""A helper that accepts an axis object or a plain name (`if isinstance(a, Axis): return a.name`)
is handed a string literal: the test is false for it, and the name reaches the collective."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Axis:
    def __init__(self, name):
        self.name = name


def axis_name(a):
    if isinstance(a, Axis):
        return a.name
    return a


def body(h):
    cols = jax.lax.all_gather(h, axis_name("j"), axis=1, tiled=True, to="reduced")
    return jax.lax.psum(cols, axis_name(Axis("j")))  # SF103


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P(None, "j"), out_specs=P())(jnp.asarray(x))
