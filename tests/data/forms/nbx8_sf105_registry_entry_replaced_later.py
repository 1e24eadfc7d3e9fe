import jax
from jax.sharding import PartitionSpec as P

STATS = {}
OTHER = {}


def register(name):
    def wrap(fn):
        STATS[name] = fn
        return fn
    return wrap


def other(name):
    def wrap(fn):
        OTHER[name] = fn
        return fn
    return wrap


@register("mean")
def mean_stat(x):
    s = jax.lax.psum(x.sum(axis=1), "j")
    return jax.lax.pmean(s, ("i", "j"))  # none


def safe_mean(x):
    return jax.lax.pmean(x.sum(axis=1), ("i", "j"))


register("mean")(safe_mean)


@other("mean")
def first_mean(x):
    s = jax.lax.psum(x.sum(axis=1), "j")
    return jax.lax.pmean(s, ("i", "j"))  # none


@other("mean")
def second_mean(x):
    return jax.lax.pmean(x.sum(axis=1), ("i", "j"))


def main(mesh, x):
    a = jax.shard_map(STATS["mean"], mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
    return a, jax.shard_map(OTHER["mean"], mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
