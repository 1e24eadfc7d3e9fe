import jax
from jax.sharding import PartitionSpec as P

STATS = {}


def register(name):
    def wrap(fn):
        STATS[name] = fn
        return fn
    return wrap


@register("mean")
def mean_stat(x):
    s = jax.lax.psum(x.sum(axis=1), "j")
    return jax.lax.pmean(s, ("i", "j"))  # none


def safe_mean(x):
    return jax.lax.pmean(x.sum(axis=1), ("i", "j"))


def main(mesh, x):
    STATS.update(mean=safe_mean)
    return jax.shard_map(STATS["mean"], mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
