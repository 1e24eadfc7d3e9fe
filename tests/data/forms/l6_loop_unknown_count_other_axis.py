import jax
from jax import lax
from jax.sharding import PartitionSpec as P


def body(x, n):
    y = lax.psum(x, "j")
    for _ in range(n):
        y = lax.psum(y, "k")
    return lax.psum(y, ("i", "j"))  # SF105 (the loop changes 'k' only: varying on 'i', invariant on 'j' after any number of rounds)


def run(mesh, x, n):
    return jax.shard_map(body, mesh=mesh, in_specs=(P("i", ("j", "k")), P()), out_specs=P())(x, n)
