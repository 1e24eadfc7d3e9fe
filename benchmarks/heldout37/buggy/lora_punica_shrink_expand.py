"""Punica-style batched LoRA: shrink outputs replicated per adapter, then over all shards."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("adapter", "tp"))
KERNEL_AXES = {"shrink": "tp", "expand": ("tp", "adapter")}


def shrink(x, lora_a):
    return jnp.einsum("bd,dr->br", x, lora_a)


def expand_input(h, axes=KERNEL_AXES):
    return jax.lax.all_gather(h, axes["expand"], tiled=True, to="reduced")


def punica_body(x, lora_a):
    h = shrink(x, lora_a)
    h = jax.lax.all_gather(h, KERNEL_AXES["shrink"], axis=1, tiled=True, to="reduced")
    return expand_input(h)


def inputs():
    k1, k2 = jax.random.split(jax.random.key(25))
    return (jax.device_put(jax.random.normal(k1, (8, 16)), NamedSharding(MESH, P("adapter", None))),
            jax.device_put(jax.random.normal(k2, (16, 8)), NamedSharding(MESH, P(None, "tp"))))


def main(x, lora_a):
    return jax.shard_map(punica_body, mesh=MESH, in_specs=(P("adapter", None), P(None, "tp")),
                         out_specs=P(None, None, reduced={"adapter", "tp"}))(x, lora_a)
