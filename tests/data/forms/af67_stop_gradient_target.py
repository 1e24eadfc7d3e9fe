import jax
from jax.sharding import PartitionSpec as P


def body(x):
    target = jax.lax.stop_gradient(jax.lax.psum(x, "j"))
    err = (x - target) ** 2
    return jax.lax.psum(err, ("i", "j")), jax.lax.psum(target, ("i", "j"))  # SF105


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=(P(), P()))(x)
