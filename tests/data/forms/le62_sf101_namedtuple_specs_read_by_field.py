"""in_specs holds an object of a `collections.namedtuple` class of specs; the body reads its
argument's fields by name, so `graph.edges` has the edges' spec (invariant on 'i')."""
import collections

import jax
from jax.sharding import PartitionSpec as P

Graph = collections.namedtuple("Graph", ["nodes", "edges"])


def main(mesh, x):
    specs = Graph(P("i", "j"), P(None, "j"))

    def body(graph):
        return jax.lax.all_gather(graph.edges, "i", to="reduced", tiled=True)  # SF101

    step = jax.shard_map(body, mesh=mesh, in_specs=(specs,), out_specs=P(None, "j", reduced={"i"}))
    return step(Graph(x, x))
