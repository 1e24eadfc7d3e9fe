import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def main(mesh, x):
    f = jax.shard_map(lambda b: jax.lax.pmean(jax.lax.psum(b.sum(), "i"), mesh.axis_names),  # SF105
                      mesh=mesh, in_specs=P("i", "j"), out_specs=P())
    return f(x)
