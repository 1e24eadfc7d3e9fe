import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def norm_step(mesh, x, axes=("i", "j")):
    dp, tp = axes
    spec = P(dp, tp)

    def body(b):
        sq = jax.lax.psum(jnp.sum(b * b), dp)
        return jnp.sqrt(jax.lax.psum(sq, axes))  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())(jax.device_put(x, NamedSharding(mesh, spec)))
