import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def main(mesh, x):
    def body(b):
        s = jax.lax.psum(jnp.sum(b), "j")
        return jax.lax.pmean(s, mesh.axis_names)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P())(x)
