import jax
from jax.sharding import PartitionSpec as P

ROUTES = {}


def route(path):
    def wrap(cls):
        ROUTES[path] = cls
        return cls
    return wrap


@route("/v1/score")
class ScoreHandler:
    def __init__(self, config, mesh):
        self.mesh = mesh
        self.axis = config["axis"]

    def _score(self, v):
        best = jax.lax.pmax(v, self.axis)
        return jax.lax.all_gather(best, self.axis, tiled=True, to="reduced")  # none

    def handle(self, x):
        return jax.shard_map(self._score, mesh=self.mesh, in_specs=P("i"), out_specs=P(reduced={"i"}))(x)


def serve(table, config, mesh, x):
    return table["/v1/score"](config, mesh).handle(x)


def run(mesh, x):
    return serve(ROUTES, {"axis": "i"}, mesh, x)  # handed on: other constructions are not seen
