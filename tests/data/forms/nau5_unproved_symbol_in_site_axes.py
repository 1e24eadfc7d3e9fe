import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def step(mesh, x, stage_axis: str = "pipe"):
    spec = P(("data", stage_axis), "model")

    def body(b):
        row = jax.lax.psum(jnp.sum(b, axis=1), "model")
        return jax.lax.pmean(jnp.mean(row), ("data", "pipe"))  # stage_axis is 'pipe': varying on both

    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())(jax.device_put(x, NamedSharding(mesh, spec)))
