import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def main(mesh, x, w):
    def body(b, v):
        total = jax.lax.psum(v, mesh.axis_names)
        table = jax.lax.all_gather(total, mesh.axis_names, to="reduced")  # SF101
        return b * jnp.sum(total)

    return jax.shard_map(body, mesh=mesh, in_specs=(P("i", "j"), P()), out_specs=P("i", "j"))(x, w)
