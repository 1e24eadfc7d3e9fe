"""Silent: `sum(axis=1, keepdims=True)` keeps the reduced state (every tried axis agrees), and
`mean(axis=1, keepdims=True)` of a gather to varying computes with nothing reduced."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def body(x):
    group = jax.lax.all_gather(x, "j", axis=1, tiled=True, to="reduced")
    return group.sum(axis=1, keepdims=True)  # none


def spread(x):
    group = jax.lax.all_gather(x, "j", axis=1, tiled=True, to="varying")
    return group - jnp.mean(group, axis=1, keepdims=True)  # none


def main(mesh, x):
    first = jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))(x)
    second = jax.shard_map(spread, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
    return first, second
