"""Transformer-style message passing: dot-product messages scaled by the key width."""
import collections
import math

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GraphsTuple = collections.namedtuple(
    "GraphsTuple", ["nodes", "edges", "receivers", "senders", "globals", "n_node", "n_edge"])


def full_width(x, axis_name):
    return jax.lax.all_gather(x, axis_name, axis=1, tiled=True, to="reduced")


class DotProductMessages:
    def __init__(self, key_size, hidden_axis):
        self.key_size = key_size
        self.hidden_axis = hidden_axis

    @property
    def inv_sqrt_d(self):
        return 1.0 / math.sqrt(self.key_size)

    def __call__(self, sent, received):
        keys = full_width(sent, self.hidden_axis)
        logits = jnp.sum(keys * full_width(received, self.hidden_axis), axis=1)
        return logits * self.inv_sqrt_d


def GraphNetwork(message_fn):
    def _apply(graph):
        sent = graph.nodes[graph.senders]
        received = graph.nodes[graph.receivers]
        weights = message_fn(sent, received)
        agg = jax.ops.segment_sum(weights, graph.receivers, graph.nodes.shape[0])
        return graph._replace(globals=agg)
    return _apply


def inputs():
    rng = np.random.default_rng(5)
    nodes = rng.normal(size=(16, 8)).astype(np.float32)
    receivers = rng.integers(0, 8, size=(32,)).astype(np.int32)
    senders = rng.integers(0, 8, size=(32,)).astype(np.int32)
    return nodes, receivers, senders


def main(nodes, receivers, senders):
    mesh = jax.make_mesh((2, 4), ("graph", "hidden"))
    specs = GraphsTuple(P("graph", "hidden"), P(), P("graph"), P("graph"), P("graph"), P(), P())
    graph = GraphsTuple(nodes, np.zeros((), np.float32), receivers, senders,
                        np.zeros((16,), np.float32), np.zeros((), np.int32), np.zeros((), np.int32))
    graph = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), graph, specs)
    net = GraphNetwork(DotProductMessages(key_size=8, hidden_axis="hidden"))
    step = jax.shard_map(net, mesh=mesh, in_specs=(specs,), out_specs=specs)
    return jax.jit(step)(graph)


if __name__ == "__main__":
    print(main(*inputs()).globals)
