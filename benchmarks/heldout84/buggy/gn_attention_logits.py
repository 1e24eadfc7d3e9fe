"""Graph attention block (GAT-style edge logits) on a graph sharded over nodes and hidden units."""
import collections
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GraphsTuple = collections.namedtuple(
    "GraphsTuple", ["nodes", "edges", "receivers", "senders", "globals", "n_node", "n_edge"])

AGGREGATORS = {
    "sum": jax.lax.psum,
    "max": jax.lax.pmax,
}


def segment_softmax(logits, segment_ids, num_segments):
    maxs = jax.ops.segment_max(logits, segment_ids, num_segments)
    logits = jnp.exp(logits - maxs[segment_ids])
    norm = jax.ops.segment_sum(logits, segment_ids, num_segments)
    return logits / norm[segment_ids]


def make_attention_logit_fn(hidden_axis, reduce="sum"):
    combine = AGGREGATORS[reduce]

    def logit_fn(sender_attr, receiver_attr):
        del sender_attr  # receiver-only attention scores
        query = jax.lax.all_gather(receiver_attr, hidden_axis, axis=1, tiled=True, to="reduced")
        scores = jnp.sum(jnp.abs(query), axis=1)
        return combine(scores, hidden_axis)
    return logit_fn


def GAT(attention_logit_fn, node_update_fn):
    def _apply(graph):
        sent = graph.nodes[graph.senders]
        received = graph.nodes[graph.receivers]
        logits = attention_logit_fn(sent, received)
        weights = segment_softmax(logits, graph.receivers, graph.nodes.shape[0])
        messages = sent * weights[:, None]
        agg = jax.ops.segment_sum(messages, graph.receivers, graph.nodes.shape[0])
        return graph._replace(nodes=node_update_fn(agg))
    return _apply


def inputs():
    rng = np.random.default_rng(2)
    nodes = rng.normal(size=(16, 8)).astype(np.float32)
    receivers = rng.integers(0, 8, size=(32,)).astype(np.int32)
    senders = rng.integers(0, 8, size=(32,)).astype(np.int32)
    return nodes, receivers, senders


def main(nodes, receivers, senders):
    mesh = jax.make_mesh((2, 4), ("graph", "hidden"))
    feat = P("graph", "hidden")
    specs = GraphsTuple(feat, P(), P("graph"), P("graph"), P(), P(), P())
    graph = GraphsTuple(nodes, np.zeros((4,), np.float32), receivers, senders,
                        np.zeros((4,), np.float32), np.array([8, 8], np.int32),
                        np.array([16, 16], np.int32))
    graph = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), graph, specs)
    block = GAT(make_attention_logit_fn("hidden"), functools.partial(jax.nn.leaky_relu, negative_slope=0.2))
    step = jax.shard_map(block, mesh=mesh, in_specs=(specs,), out_specs=specs)
    return jax.jit(step)(graph)


if __name__ == "__main__":
    print(main(*inputs()).nodes)
