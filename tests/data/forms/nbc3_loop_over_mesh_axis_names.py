import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def main(mesh, x):
    def body(b):
        s = jax.lax.psum(jnp.sum(b), "j")
        for ax in mesh.axis_names:
            s = jax.lax.psum(s, ax)
        return s

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
