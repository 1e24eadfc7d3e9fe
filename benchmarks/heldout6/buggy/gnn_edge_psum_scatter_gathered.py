"""Graph attention: node features sharded over 'nodes', edge blocks over 'edges'."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

GRAPH = dict(axes=("nodes", "edges"), num_nodes=16)
mesh = jax.make_mesh((4, 2), GRAPH["axes"])


def layer(h, adj, graph=GRAPH):
    node_axis, edge_axis = graph["axes"]
    h_all = jax.lax.all_gather(h, node_axis, tiled=True, to="reduced")
    scores = adj @ h_all
    out = jax.lax.psum_scatter(h_all, node_axis, scatter_dimension=0, tiled=True)
    return scores, out


def inputs():
    h = jnp.ones((GRAPH["num_nodes"], 4))
    adj = (jnp.arange(16 * 16).reshape(16, 16) % 3 == 0).astype(jnp.float32)
    return (jax.device_put(h, NamedSharding(mesh, P("nodes"))),
            jax.device_put(adj, NamedSharding(mesh, P("edges"))))


def main(h, adj):
    f = jax.shard_map(layer, mesh=mesh, in_specs=(P("nodes"), P("edges")),
                      out_specs=(P("edges"), P("nodes")))
    return f(h, adj)
