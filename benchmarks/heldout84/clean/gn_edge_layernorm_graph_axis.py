"""Edge MLP with a layer norm whose statistics span the hidden shards and the whole edge set."""
import collections
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GraphsTuple = collections.namedtuple(
    "GraphsTuple", ["nodes", "edges", "receivers", "senders", "globals", "n_node", "n_edge"])


def make_layer_norm(feature_axis, stats_axes, eps=1e-6):
    def layer_norm(x):
        sq = jax.lax.psum(jnp.sum(x * x, axis=-1), feature_axis)
        count = jax.lax.psum(jnp.float32(x.shape[0]), stats_axes)
        scale = jax.lax.psum(jnp.sum(sq), stats_axes) / (count * x.shape[-1] * jax.lax.psum(1, feature_axis))
        return x * jax.lax.rsqrt(scale + eps)
    return layer_norm


def make_mlp(widths, norm_fn):
    def mlp(x, params):
        for w in params:
            x = jax.nn.gelu(x * w)
        return norm_fn(x)
    return mlp


def GraphNetwork(update_edge_fn, update_node_fn):
    def _apply(graph, params):
        inputs_ = graph.edges + graph.nodes[graph.senders] - graph.nodes[graph.receivers]
        edges = update_edge_fn(inputs_, params)
        agg = jax.ops.segment_sum(edges, graph.receivers, graph.nodes.shape[0])
        return graph._replace(nodes=update_node_fn(graph.nodes, agg), edges=edges)
    return _apply


def inputs():
    rng = np.random.default_rng(4)
    nodes = rng.normal(size=(16, 8)).astype(np.float32)
    edges = rng.normal(size=(32, 8)).astype(np.float32)
    receivers = rng.integers(0, 8, size=(32,)).astype(np.int32)
    senders = rng.integers(0, 8, size=(32,)).astype(np.int32)
    params = rng.normal(size=(2, 8)).astype(np.float32)
    return nodes, edges, receivers, senders, params


def main(nodes, edges, receivers, senders, params):
    mesh = jax.make_mesh((2, 4), ("graph", "hidden"))
    feat = P("graph", "hidden")
    specs = GraphsTuple(feat, feat, P("graph"), P("graph"), P(), P(), P())
    graph = GraphsTuple(nodes, edges, receivers, senders, np.zeros((), np.float32),
                        np.zeros((), np.int32), np.zeros((), np.int32))
    graph = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), graph, specs)
    params = jax.device_put(params, NamedSharding(mesh, P(None, "hidden")))
    norm = make_layer_norm("hidden", stats_axes=mesh.axis_names[:1])
    net = GraphNetwork(make_mlp((8, 8), norm), update_node_fn=lambda n, a: n + a)
    step = jax.shard_map(net, mesh=mesh, in_specs=(specs, P(None, "hidden")), out_specs=specs)
    return jax.jit(step)(graph, params)


if __name__ == "__main__":
    print(main(*inputs()).edges.shape)
