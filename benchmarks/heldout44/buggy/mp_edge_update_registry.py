"""Edge-update functions of a graph network, picked by name from a registry."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class mesh_axes:
    GRAPHS = "graphs"
    EDGES = "edges"
    ALL = (GRAPHS, EDGES)


EDGE_UPDATES = {}


def register_edge_update(name):
    def wrap(fn):
        EDGE_UPDATES[name] = fn
        return fn
    return wrap


@register_edge_update("identity")
def identity_update(edges, w):
    return edges


@register_edge_update("gated_mlp")
def gated_mlp_update(edges, w):
    full = jax.lax.all_gather(edges, mesh_axes.EDGES, axis=1, tiled=True, to="reduced")
    gate = jnp.tanh(full)
    hidden = full * gate
    return hidden.reshape(hidden.shape[0], -1)


def graph_network_block(edges, w, *, edge_fn):
    updated = edge_fn(edges, w)
    return jax.lax.all_gather(updated, mesh_axes.ALL, axis=0, tiled=True, to="reduced")


MODEL = {"edge_update": "gated_mlp", "latent": 4}


def inputs():
    rng = np.random.default_rng(1)
    return (rng.normal(size=(4, 16, MODEL["latent"])).astype(np.float32),
            rng.normal(size=(MODEL["latent"], MODEL["latent"])).astype(np.float32))


def main(edges, w):
    mesh = jax.make_mesh((2, 4), mesh_axes.ALL)
    edges = jax.device_put(edges, NamedSharding(mesh, P(mesh_axes.GRAPHS, mesh_axes.EDGES, None)))
    w = jax.device_put(w, NamedSharding(mesh, P()))
    block = functools.partial(graph_network_block, edge_fn=EDGE_UPDATES[MODEL["edge_update"]])
    return jax.shard_map(block, mesh=mesh,
                         in_specs=(P(mesh_axes.GRAPHS, mesh_axes.EDGES, None), P()),
                         out_specs=P(None, None, reduced=set(mesh_axes.ALL)))(edges, w)


if __name__ == "__main__":
    main(*inputs())
