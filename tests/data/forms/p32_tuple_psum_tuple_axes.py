import jax
from jax import lax
from jax.sharding import PartitionSpec as P

AXES = ("i", "j")


def body(a, b):
    pair = (a, lax.psum(b, "j"))
    return lax.psum(pair, AXES)  # SF105 (item 1 is varying on 'i' and invariant on 'j')


def run(mesh, a, b):
    return jax.shard_map(body, mesh=mesh, in_specs=(P("i", "j"), P("i", "j")), out_specs=P())(a, b)
