"""SF106: `mean(axis=1, keepdims=True)` of a reduced value, a keyword combination the transfer
table read from `axis=1`, `axis=0|keepdims=True` and `axis=-1|keepdims=True`, which agree."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def body(x):
    group = jax.lax.all_gather(x, "j", axis=1, tiled=True, to="reduced")
    centred = group - group.mean(axis=1, keepdims=True)  # SF106
    return centred[:, : x.shape[1]]


def spread(x):
    group = jax.lax.all_gather(x, "j", axis=1, tiled=True, to="reduced")
    return jnp.std(group, axis=1, keepdims=True)  # SF106


def main(mesh, x):
    first = jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
    second = jax.shard_map(spread, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
    return first, second
