import jax
from jax.sharding import PartitionSpec as P


def body(x):
    spread = jax.lax.psum(x, "j").ptp(axis=0)
    return jax.lax.pmean(spread, ("i", "j"))  # SF105


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
