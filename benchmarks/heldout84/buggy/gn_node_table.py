"""Interaction-network layer whose decoder reads the full node table of every graph shard."""
import collections

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GraphsTuple = collections.namedtuple(
    "GraphsTuple", ["nodes", "edges", "receivers", "senders", "globals", "n_node", "n_edge"])

BLOCK_CONFIG = {
    "edge_gather_axes": ("hidden",),
    "aggregate": "segment_sum",
}


def gather_features(x, axes, dim):
    return jax.lax.all_gather(x, axes, axis=dim, tiled=True, to="reduced")


def make_edge_fn(gather_axes):
    def edge_fn(edges, sent, received):
        full = gather_features(sent, gather_axes, -1)
        return edges + received, full
    return edge_fn


def make_node_fn(aggregate):
    segment_fn = getattr(jax.ops, aggregate)

    def node_fn(nodes, edges, receivers):
        return nodes + segment_fn(edges, receivers, nodes.shape[0])
    return node_fn


class InteractionNetwork:
    def __init__(self, mesh, config):
        self.table_axes = tuple(mesh.axis_names)
        self.edge_fn = make_edge_fn(config["edge_gather_axes"])
        self.node_fn = make_node_fn(config["aggregate"])

    def __call__(self, graph):
        sent = graph.nodes[graph.senders]
        received = graph.nodes[graph.receivers]
        edges, sender_table = self.edge_fn(graph.edges, sent, received)
        nodes = self.node_fn(graph.nodes, edges, graph.receivers)
        return graph._replace(nodes=nodes, edges=edges), self.node_table(sender_table)

    def node_table(self, sender_table):
        return gather_features(sender_table, self.table_axes, 0)


def inputs():
    rng = np.random.default_rng(1)
    nodes = rng.normal(size=(16, 8)).astype(np.float32)
    edges = rng.normal(size=(32, 8)).astype(np.float32)
    receivers = rng.integers(0, 8, size=(32,)).astype(np.int32)
    senders = rng.integers(0, 8, size=(32,)).astype(np.int32)
    return nodes, edges, receivers, senders


def main(nodes, edges, receivers, senders):
    mesh = jax.make_mesh((2, 4), ("graph", "hidden"))
    feat = P("graph", "hidden")
    specs = GraphsTuple(feat, feat, P("graph"), P("graph"), P(), P(), P())
    graph = GraphsTuple(nodes, edges, receivers, senders, np.zeros((8,), np.float32),
                        np.array([8, 8], np.int32), np.array([16, 16], np.int32))
    graph = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), graph, specs)
    layer = InteractionNetwork(mesh, BLOCK_CONFIG)
    table_spec = P(None, None, reduced={"graph", "hidden"})
    step = jax.shard_map(layer, mesh=mesh, in_specs=(specs,), out_specs=(specs, table_spec))
    return jax.jit(step)(graph)


if __name__ == "__main__":
    out, table = main(*inputs())
    print(out.nodes.shape, table.shape)
