"""RWKV-like language model: token counts for loss normalisation, data axis from the environment."""
import os

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

DATA_AXIS = os.environ.get("RWKV_DATA_AXIS", "data")
PAD_ID = 0


def sync_counts(mask, axis=DATA_AXIS):
    n_tokens = jax.lax.psum(jnp.sum(mask, axis=1), axis)
    return jax.lax.all_gather(n_tokens, axis, tiled=True, to="reduced")


def step(tokens):
    mask = (tokens != PAD_ID).astype(jnp.float32)
    return sync_counts(mask)


def inputs():
    mesh = jax.make_mesh((8,), (DATA_AXIS,))
    tokens = jnp.arange(16 * 12).reshape(16, 12) % 7
    return mesh, tokens


def main(mesh, tokens):
    tokens = jax.device_put(tokens, NamedSharding(mesh, P(DATA_AXIS, None)))
    f = jax.shard_map(step, mesh=mesh, in_specs=P(DATA_AXIS, None), out_specs=P(None, reduced={DATA_AXIS}))
    return f(tokens)
