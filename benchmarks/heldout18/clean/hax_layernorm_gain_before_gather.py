"""Haliax-like LayerNorm: 1 + delta formed on the shard, the gathered gain only multiplies x."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((8,), ("data",))


class LayerNorm:
    def __init__(self, axis_mapping=None):
        self.mapping = axis_mapping or {"embed": "data"}

    def __call__(self, x, delta_shard):
        gain = jax.lax.all_gather(1.0 + delta_shard, self.mapping["embed"], tiled=True, to="reduced")
        mu = jnp.mean(x, axis=-1, keepdims=True)
        var = jnp.var(x, axis=-1, keepdims=True)
        return (x - mu) * jax.lax.rsqrt(var + 1e-5) * jax.lax.pcast(gain, "data", to="varying")


def inputs():
    x = jnp.sin(jnp.arange(16 * 8, dtype=jnp.float32)).reshape(16, 8)
    return (jax.device_put(x, NamedSharding(mesh, P("data"))),
            jax.device_put(jnp.zeros(8), NamedSharding(mesh, P("data"))))


def main(x, delta):
    return jax.shard_map(LayerNorm(), mesh=mesh, in_specs=(P("data"), P("data")),
                         out_specs=P("data"))(x, delta)
