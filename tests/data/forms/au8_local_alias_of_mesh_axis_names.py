import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def train_metrics(mesh, x):
    dp = mesh.axis_names[0]
    tp = mesh.axis_names[-1]

    def body(b):
        local = jax.lax.psum(jnp.sum(b), tp)
        return jax.lax.pmean(local, (dp, tp))  # SF105

    spec = P(dp, tp)
    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())(jax.device_put(x, NamedSharding(mesh, spec)))
