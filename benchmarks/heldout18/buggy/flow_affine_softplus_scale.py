"""Affine coupling with a positive scale; ZeRO-style: batch and scale parameters share one axis."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((8,), ("fsdp",))


class AffineCoupling:
    def __init__(self, axis="fsdp"):
        self.axis = axis

    def scale(self, raw_shard):
        raw = jax.lax.all_gather(raw_shard, self.axis, tiled=True, to="reduced")
        return jax.nn.softplus(raw)

    def forward(self, x, raw_shard, shift):
        s = self.scale(raw_shard)
        y = x * s + shift
        return y, jnp.sum(jnp.log(s)) * jnp.ones(x.shape[0])


def inputs():
    x = jnp.linspace(0.0, 1.0, 16 * 8).reshape(16, 8)
    return (jax.device_put(x, NamedSharding(mesh, P("fsdp"))),
            jax.device_put(jnp.zeros(8), NamedSharding(mesh, P("fsdp"))),
            jax.device_put(jnp.ones(8), NamedSharding(mesh, P())))


def main(x, raw, shift):
    layer = AffineCoupling()
    return jax.shard_map(layer.forward, mesh=mesh, in_specs=(P("fsdp"), P("fsdp"), P()),
                         out_specs=(P("fsdp"), P("fsdp")))(x, raw, shift)
