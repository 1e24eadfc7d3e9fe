"""Export a padded graph batch, placed field by field, for a host-side dataloader check."""
from typing import NamedTuple

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class GraphsTuple(NamedTuple):
    nodes: object
    edges: object
    n_node: object


PADDED_LAYOUT = GraphsTuple(nodes=P("graphs", "edges", None),
                            edges=P("graphs", "edges", None),
                            n_node=P("graphs"))

HOST_LAYOUT = GraphsTuple(nodes=P(None, "edges", None, reduced={"graphs"}),
                          edges=P(None, None, None, reduced={"graphs", "edges"}),
                          n_node=P(None, reduced={"graphs"}))

HOST_ORDER = ("n_node", "nodes", "edges")


def pad_graphs(rng, n_graph, n_node, n_edge, latent):
    return GraphsTuple(nodes=rng.normal(size=(n_graph, n_node, latent)).astype(np.float32),
                       edges=rng.normal(size=(n_graph, n_edge, latent)).astype(np.float32),
                       n_node=np.full((n_graph,), n_node, np.int32))


def place(graph, mesh):
    return jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), graph, PADDED_LAYOUT,
                        is_leaf=lambda s: isinstance(s, P))


def inputs():
    return (pad_graphs(np.random.default_rng(3), 4, 8, 16, 4),)


def main(graph):
    mesh = jax.make_mesh((2, 4), ("graphs", "edges"))
    placed = place(graph, mesh)
    with jax.set_mesh(mesh):
        edges = top_level_all_gather(placed.edges, HOST_LAYOUT.edges, multi_dim=True)
        nodes = top_level_all_gather(placed.nodes, HOST_LAYOUT.nodes)
        n_node = top_level_all_gather(placed.n_node, HOST_LAYOUT.n_node)
    return nodes, edges, n_node


if __name__ == "__main__":
    main(*inputs())
