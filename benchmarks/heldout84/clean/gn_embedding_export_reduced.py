"""Encode a batch of graphs and export the node embeddings for the downstream retrieval index."""
import collections

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

GraphsTuple = collections.namedtuple(
    "GraphsTuple", ["nodes", "edges", "receivers", "senders", "globals", "n_node", "n_edge"])

LAYOUTS = {
    "nodes": "graph,hidden",
        "export": "-,hidden",
    "export_reduced": "graph",
}


def parse_spec(layout, reduced=()):
    entries = [None if name == "-" else name for name in layout.split(",")]
    return P(*entries, reduced=set(reduced))


def make_node_encoder(activation):
    def encode_nodes(nodes, weights):
        return activation(nodes * weights)
    return encode_nodes


def encode(mesh, graph, weights):
    node_sharding = NamedSharding(mesh, parse_spec(LAYOUTS["nodes"]))
    encoder = make_node_encoder(jax.nn.gelu)
    fn = jax.jit(lambda g, w: encoder(g.nodes, w), out_shardings=node_sharding)
    return fn(graph, weights)


def export_embeddings(embeddings):
    return top_level_all_gather(embeddings, parse_spec(LAYOUTS["export"], LAYOUTS["export_reduced"].split(",")))


def inputs():
    rng = np.random.default_rng(3)
    nodes = rng.normal(size=(16, 8)).astype(np.float32)
    senders = rng.integers(0, 16, size=(40,)).astype(np.int32)
    receivers = rng.integers(0, 16, size=(40,)).astype(np.int32)
    weights = rng.normal(size=(8,)).astype(np.float32)
    return nodes, senders, receivers, weights


def main(nodes, senders, receivers, weights):
    mesh = jax.make_mesh((2, 4), ("graph", "hidden"))
    nodes = jax.device_put(nodes, NamedSharding(mesh, parse_spec(LAYOUTS["nodes"])))
    weights = jax.device_put(weights, NamedSharding(mesh, P("hidden")))
    graph = GraphsTuple(nodes, None, receivers, senders, None, None, None)
    with jax.set_mesh(mesh):
        embeddings = encode(mesh, graph, weights)
        return export_embeddings(embeddings)


if __name__ == "__main__":
    print(main(*inputs()).shape)
