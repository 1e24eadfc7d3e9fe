import jax
from jax.sharding import PartitionSpec as P

QUERIES = {}


class Query:
    axis = "j"

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        QUERIES[cls.__name__] = cls
        setattr(cls, "__call__", cls.counted)


class BallQuery(Query):
    def counted(self, x):
        return jax.lax.psum(x.sum(axis=-1), self.axis)

    def __call__(self, x):
        mask = jax.lax.all_gather(x, self.axis, axis=1, tiled=True, to="reduced")
        return jax.lax.psum(mask.sum(axis=-1), self.axis)


def main(mesh, x):
    query = BallQuery()
    return jax.shard_map(query, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i"))(x)
