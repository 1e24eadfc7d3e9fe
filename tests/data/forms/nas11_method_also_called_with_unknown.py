import os

import jax
from jax.sharding import PartitionSpec as P


class Reducer:
    def __init__(self, mesh):
        self.mesh = mesh

    def total(self, x, axes):
        body = lambda v: jax.lax.psum(v, axes)  # noqa: E731
        return jax.shard_map(body, mesh=self.mesh, in_specs=P("i", None), out_specs=P())(x)


def run(mesh, x):
    reducer = Reducer(mesh)
    rows = reducer.total(x, "i")
    more = reducer.total(x, os.environ.get("MORE_AXES", "i"))
    return rows, more
