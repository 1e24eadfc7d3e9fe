"""SF105: a helper reads every axis from `jax.sharding.get_abstract_mesh().axis_names` and pmeans
a value already summed over one of them."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def total(x, axis="j"):
    return jax.lax.psum(jnp.sum(x), axis)


def normalise(rate):
    axes = jax.sharding.get_abstract_mesh().axis_names
    return 1.0 / jax.lax.pmean(rate, axes)  # SF105


def body(x):
    return x * normalise(total(x))


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
