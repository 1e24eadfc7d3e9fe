"""The same namedtuple of specs; the body gathers the field sharded over 'i', which varies there."""
import collections

import jax
from jax.sharding import PartitionSpec as P

Graph = collections.namedtuple("Graph", ["nodes", "edges"])


def main(mesh, x):
    specs = Graph(P("i", "j"), P(None, "j"))

    def body(graph):
        return jax.lax.all_gather(graph.nodes, "i", to="reduced", tiled=True)

    step = jax.shard_map(body, mesh=mesh, in_specs=(specs,), out_specs=P(None, "j", reduced={"i"}))
    return step(Graph(x, x))
