import jax
from jax.sharding import PartitionSpec as P


def body(a, b):
    grads = {"w": jax.lax.psum(a, "j"), "b": jax.lax.psum(b, "j")}
    total = sum(jax.tree_util.tree_leaves(grads))
    return jax.lax.psum(total, ("i", "j"))  # SF105


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=(P("i", "j"), P("i", "j")), out_specs=P())(x, x)
