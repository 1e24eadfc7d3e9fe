import jax
from jax.sharding import PartitionSpec as P

QUERIES = {}


class Query:
    name = None
    axis = "j"

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        QUERIES[cls.name] = cls


class BallQuery(Query):
    name = "ball"

    def __call__(self, x):
        mask = jax.lax.all_gather(x, self.axis, axis=1, tiled=True, to="reduced")
        return jax.lax.psum(mask.sum(axis=-1), self.axis)


def _counted(self, x):
    return jax.lax.psum(x.sum(axis=-1), self.axis)


FastBall = type("FastBall", (Query,), {"name": "ball", "__call__": _counted})


def main(mesh, x):
    query = QUERIES["ball"]()
    return jax.shard_map(query, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i"))(x)
