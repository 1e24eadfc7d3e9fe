import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def all_mean(v, mesh):
    return jax.lax.pmean(v, mesh.axis_names)  # SF105


def main(mesh, x):
    def body(b):
        return all_mean(jax.lax.psum(jnp.sum(b), "j"), mesh)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
