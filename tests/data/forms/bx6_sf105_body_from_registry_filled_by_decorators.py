import jax
from jax.sharding import PartitionSpec as P

STATS = {}
REDUCERS = {}


def register(name):
    def wrap(fn):
        STATS[name] = fn
        return fn
    return wrap


def reducer(fn):
    REDUCERS[fn.__name__] = fn
    return fn


@register("mean")
def mean_stat(x):
    s = jax.lax.psum(x.sum(axis=1), "j")
    return jax.lax.pmean(s, ("i", "j"))  # SF105


@register("max")
def max_stat(x):
    return jax.lax.pmax(x.max(axis=1), ("i", "j"))


@reducer
def total(x):
    return jax.lax.psum(jax.lax.psum(x, "i"), ("i", "j"))  # SF105


def build(name, mesh):
    return jax.shard_map(STATS[name], mesh=mesh, in_specs=P("i", "j"), out_specs=P())


def main(mesh, x):
    first = build("mean", mesh)(x)
    return first, jax.shard_map(REDUCERS["total"], mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
