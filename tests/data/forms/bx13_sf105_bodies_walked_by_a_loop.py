import jax
from jax.sharding import PartitionSpec as P


def mean_stat(x):
    s = jax.lax.psum(x.sum(axis=1), "j")
    return jax.lax.pmean(s, ("i", "j"))  # SF105


def max_stat(x):
    return jax.lax.pmax(x.max(axis=1), ("i", "j"))


def sum_stat(x):
    return jax.lax.psum(jax.lax.psum(x.sum(axis=1), "i"), ("i", "j"))  # SF105


STATS = [max_stat, sum_stat]


def main(mesh, x):
    out = []
    for fn in (mean_stat, max_stat):
        out.append(jax.shard_map(fn, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x))
    for stat in STATS:
        mapped = jax.shard_map(stat, mesh=mesh, in_specs=P("i", "j"), out_specs=P())
        out.append(mapped(x))
    return out
