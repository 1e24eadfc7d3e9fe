"""A loop whose count is `len(sigmas) - 1` of an array the body closes over (`sigmas =
jnp.array([...])[:-1]` built outside shard_map): its shape is known, so the round that makes the
value reduced certainly runs."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def gather_rounds(x, sigmas):
    y = x
    for i in range(len(sigmas) - 1):
        y = jax.lax.all_gather(x, "j", axis=1, tiled=True, to="reduced")
    return jax.lax.all_gather(y, ("i", "j"), axis=0, tiled=True, to="reduced")  # SF102


def main(mesh, x):
    sigmas = jnp.array([1.0, 0.5, 0.25])[:-1]

    def body(v):
        return gather_rounds(v, sigmas)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"i", "j"}))(x)
