import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def main(mesh, x):
    def body(b):
        return jax.lax.psum(jnp.sum(b), mesh.axis_names)

    return jax.shard_map(body, mesh=mesh, in_specs=P(("i", "j")), out_specs=P())(x)
