import jax
from jax.sharding import PartitionSpec as P

OPS = {
    "sum": lambda x: jax.lax.psum(x, ("i", "j")),
    "two_step": lambda x: jax.lax.psum(jax.lax.psum(x, "j"), ("i", "j")),  # SF105
}


def run(mesh, x):
    return jax.shard_map(OPS["two_step"], mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
