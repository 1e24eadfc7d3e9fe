"""Graph-network block with a global readout, graph-partitioned over devices (one graph per shard)."""
import collections
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GraphsTuple = collections.namedtuple(
    "GraphsTuple", ["nodes", "edges", "receivers", "senders", "globals", "n_node", "n_edge"])

GRAPH_AXIS = "graph"
HIDDEN_AXIS = "hidden"


def segment_mean(data, segment_ids, num_segments):
    total = jax.ops.segment_sum(data, segment_ids, num_segments)
    count = jax.ops.segment_sum(jnp.ones_like(data[:, :1]), segment_ids, num_segments)
    return total / jnp.maximum(count, 1.0)


def make_pool_fn(kind, axis_name=None):
    """Pooling of node features into the graph's global vector."""
    if kind == "local":
        return lambda nodes: jnp.sum(nodes, axis=0, keepdims=True)
    if kind == "cross_replica":
        return lambda nodes: jax.lax.psum(jnp.sum(nodes, axis=0, keepdims=True), axis_name)
    raise ValueError(kind)


def GraphNetwork(update_edge_fn, update_node_fn, update_global_fn, pool_fn,
                 aggregate_edges_for_nodes_fn=segment_mean):
    def _apply(graph):
        senders_feats = graph.nodes[graph.senders]
        receivers_feats = graph.nodes[graph.receivers]
        edges = update_edge_fn(graph.edges, senders_feats, receivers_feats)
        received = aggregate_edges_for_nodes_fn(edges, graph.receivers, graph.nodes.shape[0])
        nodes = update_node_fn(graph.nodes, received)
        globals_ = update_global_fn(pool_fn(nodes), graph.globals)
        return graph._replace(nodes=nodes, edges=edges, globals=globals_)
    return _apply


def make_global_update(axis_name):
    def update_global_fn(pooled, globals_):
        del globals_  # the readout replaces the previous globals
        table = jax.lax.all_gather(pooled, axis_name, axis=0, tiled=True, to="reduced")
        return jnp.tanh(table)
    return update_global_fn


def inputs():
    rng = np.random.default_rng(0)
    nodes = rng.normal(size=(16, 8)).astype(np.float32)
    edges = rng.normal(size=(32, 8)).astype(np.float32)
    receivers = rng.integers(0, 8, size=(32,)).astype(np.int32)
    senders = rng.integers(0, 8, size=(32,)).astype(np.int32)
    globals_ = np.zeros((2, 8), np.float32)
    return nodes, edges, receivers, senders, globals_


def main(nodes, edges, receivers, senders, globals_):
    mesh = jax.make_mesh((2, 4), (GRAPH_AXIS, HIDDEN_AXIS))
    feat = P(GRAPH_AXIS, HIDDEN_AXIS)
    specs = GraphsTuple(feat, feat, P(GRAPH_AXIS), P(GRAPH_AXIS), feat, P(), P())
    graph = GraphsTuple(nodes, edges, receivers, senders, globals_,
                        np.array([8, 8], np.int32), np.array([16, 16], np.int32))
    graph = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), graph, specs)

    net = GraphNetwork(
        update_edge_fn=lambda e, s, r: jax.nn.relu(e + s - r),
        update_node_fn=lambda n, agg: n + agg,
        update_global_fn=make_global_update(GRAPH_AXIS),
        pool_fn=make_pool_fn("local"),
    )
    out_specs = specs._replace(globals=P(None, HIDDEN_AXIS, reduced={GRAPH_AXIS}))
    step = jax.shard_map(net, mesh=mesh, in_specs=(specs,), out_specs=out_specs)
    return jax.jit(step)(graph)


if __name__ == "__main__":
    print(main(*inputs()).globals)
