"""Unscaling gathered gradients and finding their largest magnitude for the scaler."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("data", "model"))


class GradScaler:
    def __init__(self, init_scale=1024.0, axis_name="model"):
        self.scale = init_scale
        self.axis_name = axis_name

    def unscale(self, g):
        full = jax.lax.all_gather(g, self.axis_name, axis=1, tiled=True, to="reduced")
        return full.astype(jnp.float32)

    def max_abs(self, g):
        unscaled = self.unscale(g)
        return jax.lax.pmax(jnp.abs(unscaled), self.axis_name)

    def step(self, grads):
        return jax.shard_map(self.max_abs, mesh=MESH, in_specs=P("data", "model"),
                             out_specs=P("data", None))(grads)


def inputs():
    g = (jnp.arange(8 * 16, dtype=jnp.float32).reshape(8, 16) - 64.0).astype(jnp.bfloat16)
    return (jax.device_put(g, NamedSharding(MESH, P("data", "model"))),)


def main(grads):
    return GradScaler().step(grads)


if __name__ == "__main__":
    main(*inputs())
