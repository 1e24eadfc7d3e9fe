"""Count the DP cells above the report threshold over the whole mesh."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("reads", "band"))
THRESHOLD = 2.0


def cells_above(sub, threshold=THRESHOLD):
    def step(h, s):
        h = jnp.maximum(0.0, h + s - 0.5)
        return h, h
    _, hs = jax.lax.scan(step, jnp.zeros_like(sub[:, 0]), sub.T)
    return jnp.sum(hs > threshold, axis=0).astype(jnp.float32)


def body(sub):
    per_band = cells_above(sub)
    per_read_block = jax.lax.psum(jnp.sum(per_band), "band")
    total = jax.lax.psum(per_read_block, mesh.axis_names)
    return total


def inputs():
    sub = jax.random.normal(jax.random.key(5), (16, 32))
    return (jax.device_put(sub, NamedSharding(mesh, P("reads", "band"))),)


def main(sub):
    return jax.shard_map(body, mesh=mesh, in_specs=P("reads", "band"), out_specs=P())(sub)
