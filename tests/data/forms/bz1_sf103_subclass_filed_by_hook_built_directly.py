import jax
from jax.sharding import PartitionSpec as P

QUERIES = {}


class Query:
    axis = "j"

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        QUERIES[cls.__name__] = cls


class BallQuery(Query):
    radius = 1.0

    def __call__(self, x):
        mask = jax.lax.all_gather(x, self.axis, axis=1, tiled=True, to="reduced")
        return jax.lax.psum(mask.sum(axis=-1), self.axis)  # SF103


def main(mesh, x):
    query = BallQuery()
    return jax.shard_map(query, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i"))(x)
