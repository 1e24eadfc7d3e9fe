import functools

import jax
from jax.sharding import PartitionSpec as P


def cross_shard_mean(axes):
    def deco(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            value = fn(*args, **kwargs)
            return jax.lax.pmean(value, axes)  # SF105
        return wrapper
    return deco


@cross_shard_mean(axes=("i", "j"))
def coherence(x):
    return jax.lax.psum(x.sum(axis=1), "j").mean()


def main(mesh, x):
    return jax.shard_map(coherence, mesh=mesh, in_specs=(P("i", "j"),), out_specs=P())(x)
