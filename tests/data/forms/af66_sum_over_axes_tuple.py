import jax
from jax.sharding import PartitionSpec as P


def body(x):
    loss = jax.lax.pmean(x, "j").sum(axis=(0, 1))
    return jax.lax.pmean(loss, ("i", "j"))  # SF105


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
