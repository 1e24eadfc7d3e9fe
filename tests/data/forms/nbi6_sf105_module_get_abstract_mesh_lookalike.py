"""Silent: `get_abstract_mesh` here is the module's own function, not JAX's; its axis_names
name one axis only, on which the summed value still varies."""
import types

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def get_abstract_mesh():
    return types.SimpleNamespace(axis_names=("i",))


def total(x, axis="j"):
    return jax.lax.psum(jnp.sum(x), axis)


def normalise(rate):
    axes = get_abstract_mesh().axis_names
    return 1.0 / jax.lax.pmean(rate, axes)  # none


def body(x):
    return x * normalise(total(x))


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
