import jax
from jax.sharding import PartitionSpec as P


@jax.custom_vjp
def reduce_all(x):
    return jax.lax.psum(x, ("i", "j"))  # SF105


def _fwd(x):
    return reduce_all(x), None


def _bwd(_, g):
    return (g,)


reduce_all.defvjp(_fwd, _bwd)


def body(h):
    return reduce_all(jax.lax.psum(h, "j"))


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
