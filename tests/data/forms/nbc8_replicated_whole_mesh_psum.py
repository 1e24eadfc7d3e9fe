import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def main(mesh, x, w):
    def body(b, v):
        total = jax.lax.psum(v, mesh.axis_names)
        return b * jnp.sum(total)

    return jax.shard_map(body, mesh=mesh, in_specs=(P("i"), P()), out_specs=P("i"))(x, w)
