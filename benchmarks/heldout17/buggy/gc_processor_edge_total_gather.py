"""GraphCast-like processor step on an icosahedral multimesh: edge messages summed per node."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_NODES, LATENT = 16, 8
GATHERS = {
    "to_reduced": functools.partial(jax.lax.all_gather, axis=0, tiled=True, to="reduced"),
    "to_varying": functools.partial(jax.lax.all_gather, axis=0, tiled=True),
}


def icosahedral_edges(n_local):
    senders = np.arange(n_local)
    receivers = (senders * 5 + 1) % n_local
    return senders, receivers


def edge_messages(h, senders, receivers):
    msg = jnp.tanh(h[senders])
    return jax.ops.segment_sum(msg, receivers, num_segments=h.shape[0])


def processor_step(h):
    senders, receivers = icosahedral_edges(h.shape[0])
    agg = edge_messages(h, senders, receivers)
    total = jax.lax.psum(jnp.sum(agg, axis=0, keepdims=True), "nodes")
    return GATHERS["to_reduced"](total, "nodes")


def inputs():
    mesh = jax.make_mesh((2, 4), ("nodes", "latent"))
    h = jnp.linspace(-1.0, 1.0, N_NODES * LATENT).reshape(N_NODES, LATENT)
    return mesh, h


def main(mesh, h):
    h = jax.device_put(h, NamedSharding(mesh, P("nodes", "latent")))
    step = jax.shard_map(processor_step, mesh=mesh, in_specs=P("nodes", "latent"),
                         out_specs=P(None, "latent", reduced={"nodes"}))
    return step(h)
