import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def make_loss(mesh):
    def loss(b):
        err = jnp.sum(b ** 2)
        per_row = jax.lax.psum(err, "j")
        return jax.lax.pmean(per_row, mesh.axis_names)  # SF105
    return loss


def main(mesh, x):
    return jax.shard_map(make_loss(mesh), mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
