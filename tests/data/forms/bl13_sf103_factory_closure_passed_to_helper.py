"""A closure made by a sampler factory, passed through a lambda body to a module helper that calls it."""
import jax
from jax.sharding import PartitionSpec as P


def make_sampler(axis):
    def shared(v):
        return jax.lax.all_gather(v, axis, axis=0, tiled=True, to="reduced")

    def negatives(v):
        pool = shared(v)
        return jax.lax.all_gather(pool, axis, axis=0, tiled=True)  # SF103
    return negatives


def two_tower(user, items, sampler):
    negs = sampler(items)
    return user @ negs.T


def main(mesh, x):
    sampler = make_sampler("i")
    return jax.shard_map(lambda u, v: two_tower(u, v, sampler), mesh=mesh,
                         in_specs=(P("i"), P("i")), out_specs=P("i"))(x, x)
