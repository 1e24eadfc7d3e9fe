"""GraphCast-like processor: the global message total is shared on every node shard without reduced typing."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GATHERS = {
    "invarying": functools.partial(jax.lax.all_gather, axis=0, tiled=True, to="invarying"),
    "to_reduced": functools.partial(jax.lax.all_gather, axis=0, tiled=True, to="reduced"),
}


def edge_messages(h):
    senders = np.arange(h.shape[0])
    receivers = (senders * 3 + 2) % h.shape[0]
    return jax.ops.segment_sum(jnp.tanh(h[senders]), receivers, num_segments=h.shape[0])


def processor_step(h):
    total = jax.lax.psum(jnp.sum(edge_messages(h), axis=0, keepdims=True), "nodes")
    return GATHERS["invarying"](total, "nodes")


def inputs():
    mesh = jax.make_mesh((2, 4), ("nodes", "latent"))
    return mesh, jnp.linspace(-1.0, 1.0, 16 * 8).reshape(16, 8)


def main(mesh, h):
    h = jax.device_put(h, NamedSharding(mesh, P("nodes", "latent")))
    f = jax.shard_map(processor_step, mesh=mesh, in_specs=P("nodes", "latent"), out_specs=P(None, "latent"))
    return f(h)
