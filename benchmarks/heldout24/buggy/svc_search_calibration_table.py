"""Search service: score a query batch against a sharded embedding index.

Handlers are registered per route, as the HTTP front end dispatches them.
"""
import json
import logging
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

log = logging.getLogger("search")

SERVING_CONFIG = json.loads('{"mesh": [2, 4], "replica_axis": "replica", "index_axis": "shard", "top_k": 4}')
ROUTES = {}


def route(path):
    def wrap(cls):
        ROUTES[path] = cls
        return cls
    return wrap


@dataclass
class SearchRequest:
    queries: np.ndarray


@route("/v1/search")
class SearchHandler:
    def __init__(self, config, mesh):
        self.config = config
        self.mesh = mesh
        self.index_axis = config["index_axis"]

    def _score_block(self, queries, index):
        scores = queries @ index.T
        best = jnp.max(scores, axis=-1)
        best = jax.lax.pmax(best, self.index_axis)
        table = jax.lax.all_gather(best, self.index_axis, to="reduced")
        return table

    def handle(self, request, index):
        log.info("scoring %d queries", request.queries.shape[0])
        queries = jax.device_put(request.queries, NamedSharding(self.mesh, P("replica", None)))
        fn = jax.shard_map(self._score_block, mesh=self.mesh,
                           in_specs=(P("replica", None), P("shard", None)),
                           out_specs=P(None, "replica", reduced={"shard"}))
        return fn(queries, index)


def inputs():
    rng = np.random.default_rng(10)
    return (rng.standard_normal((8, 16)).astype(np.float32),
            rng.standard_normal((32, 16)).astype(np.float32))


def main(queries, index):
    mesh = jax.make_mesh(tuple(SERVING_CONFIG["mesh"]), ("replica", "shard"))
    index = jax.device_put(index, NamedSharding(mesh, P("shard", None)))
    handler = ROUTES["/v1/search"](SERVING_CONFIG, mesh)
    return handler.handle(SearchRequest(queries), index)


if __name__ == "__main__":
    print(main(*inputs()))
