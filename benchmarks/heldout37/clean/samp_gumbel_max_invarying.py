"""Gumbel-max sampler plugin: noise is added to the gathered logits."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("dp", "vocab_shard"))
SAMPLERS = {}


def register_sampler(cls):
    SAMPLERS[cls.name] = cls
    return cls


@register_sampler
class GumbelMax:
    name = "gumbel"

    def __init__(self, axis):
        self.axis = axis

    def __call__(self, logits, noise):
        full = jax.lax.all_gather(logits, self.axis, axis=-1, tiled=True, to="invarying")
        return jnp.argmax(full + noise, axis=-1)


def inputs():
    logits = jax.random.normal(jax.random.key(23), (4, 32))
    noise = jax.random.gumbel(jax.random.key(24), (4, 32))
    return (jax.device_put(logits, NamedSharding(MESH, P("dp", "vocab_shard"))),
            jax.device_put(noise, NamedSharding(MESH, P("dp", None))))


def main(logits, noise, sampler="gumbel"):
    s = SAMPLERS[sampler]("vocab_shard")
    return jax.shard_map(s, mesh=MESH, in_specs=(P("dp", "vocab_shard"), P("dp", None)),
                         out_specs=P("dp"))(logits, noise)
