"""The helper does not only call the closure: it files it in a module list too, whence other code may run it."""
import jax
from jax.sharding import PartitionSpec as P

SEEN = []


def make_sampler(axis):
    def shared(v):
        return jax.lax.all_gather(v, axis, axis=0, tiled=True, to="reduced")

    def negatives(v):
        pool = shared(v)
        return jax.lax.all_gather(pool, axis, axis=0, tiled=True)  # none
    return negatives


def two_tower(user, items, sampler):
    SEEN.append(sampler)
    negs = sampler(items)
    return user @ negs.T


def main(mesh, x):
    sampler = make_sampler("i")
    return jax.shard_map(lambda u, v: two_tower(u, v, sampler), mesh=mesh,
                         in_specs=(P("i"), P("i")), out_specs=P("i"))(x, x)
