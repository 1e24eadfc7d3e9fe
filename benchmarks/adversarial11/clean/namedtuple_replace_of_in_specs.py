"""The in_specs namedtuple is made by _replace of one with the edges by rows; the nodes stay on both axes."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

import collections

Graph = collections.namedtuple("Graph", ["nodes", "edges"])


def body(graph):
    return jax.lax.psum(graph.nodes, ("i", "j"))


def main(mesh, x):
    specs = Graph(P("i", None), P("i", None))._replace(nodes=P("i", "j"))
    graph = Graph(*[jax.device_put(x, jax.sharding.NamedSharding(mesh, s)) for s in specs])
    return jax.shard_map(body, mesh=mesh, in_specs=(specs,), out_specs=P())(graph)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
