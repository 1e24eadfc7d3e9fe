"""Interaction blocks: node states broadcast to every edge shard, messages summed at receivers."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GRAPH_AXIS = "graphs"
EDGE_AXIS = "edges"


def init_params(key, latent, num_layers):
    keys = jax.random.split(key, num_layers)
    return [{"w_msg": jax.random.normal(k, (latent, latent)) * 0.1, "b": jnp.zeros((latent,))}
            for k in keys]


def broadcast_nodes(nodes, axis):
    return jax.lax.all_gather(nodes, axis, axis=1, tiled=True, to="reduced")


def interaction_block(nodes, params, *, axis):
    for layer in params:
        everywhere = broadcast_nodes(nodes, axis)
        incoming = everywhere[:, : nodes.shape[1]]
        summed = jax.lax.psum(incoming, axis)
        nodes = nodes + jnp.tanh(summed @ layer["w_msg"] + layer["b"])
    return nodes


def inputs():
    rng = np.random.default_rng(2)
    return (rng.normal(size=(4, 16, 6)).astype(np.float32),)


def main(nodes):
    mesh = jax.make_mesh((2, 4), (GRAPH_AXIS, EDGE_AXIS))
    params = init_params(jax.random.key(0), nodes.shape[-1], num_layers=3)
    params = jax.tree.map(lambda p: jax.device_put(p, NamedSharding(mesh, P())), params)
    nodes = jax.device_put(nodes, NamedSharding(mesh, P(GRAPH_AXIS, EDGE_AXIS, None)))
    block = functools.partial(interaction_block, axis=EDGE_AXIS)
    param_specs = jax.tree.map(lambda _: P(), params)
    return jax.shard_map(block, mesh=mesh, in_specs=(P(GRAPH_AXIS, EDGE_AXIS, None), param_specs),
                         out_specs=P(GRAPH_AXIS, EDGE_AXIS, None))(nodes, params)


if __name__ == "__main__":
    main(*inputs())
