import jax
from jax.sharding import PartitionSpec as P


def all_reduce(x, *axes, op=jax.lax.psum):
    return op(x, axes)  # SF105: its one call passes a value invariant on 'j'


def body(h):
    local = jax.lax.psum(h, "j")
    return all_reduce(local, "i", "j", op=jax.lax.pmean)


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
