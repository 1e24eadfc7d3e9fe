"""Axis tuples de-duplicated with dict.fromkeys, the order-keeping idiom (logical rules that map
two logical names to one mesh axis)."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

RULES = {"batch": "i", "length": "i", "embed": "j", "heads": "j"}


def mesh_axes(*logical):
    return tuple(dict.fromkeys(RULES[name] for name in logical))


def reduce_over(*logical):
    return tuple(dict.fromkeys([RULES[name] for name in logical], True))


def run(mesh, x):
    axes = mesh_axes("batch", "length", "embed")
    batch_axes = reduce_over("batch", "length")

    def body(v):
        loss = jax.lax.psum(jnp.sum(v), axes)
        hist = jax.lax.all_gather(loss[None], axes[0], tiled=True, to="reduced")  # SF101
        seen = jax.lax.all_gather(v, batch_axes[0], tiled=True, to="reduced")
        return hist, jax.lax.pmax(seen, batch_axes)  # SF103

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"),
                         out_specs=(P(reduced={"i"}), P(None, "j")))(x)
