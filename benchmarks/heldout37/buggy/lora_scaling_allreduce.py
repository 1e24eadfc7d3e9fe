"""LoRA output with alpha/rank scaling, row-parallel delta all-reduced over tensor parallel."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("adapter", "tp"))


class LoRALinear:
    tp_axis = "tp"

    def __init__(self, alpha=16, rank=8):
        self.scaling = alpha / rank

    def lora_a_full(self, lora_a):
        return jax.lax.all_gather(lora_a, self.tp_axis, tiled=True, to="reduced")

    def __call__(self, x, lora_a, lora_b):
        a = self.lora_a_full(lora_a)
        h = jax.lax.psum(x @ lora_b, self.tp_axis)
        delta = jax.lax.psum(a.sum(axis=0), self.tp_axis)
        return h + delta


def inputs():
    ks = jax.random.split(jax.random.key(26), 3)
    return (jax.device_put(jax.random.normal(ks[0], (8, 16)), NamedSharding(MESH, P("adapter", "tp"))),
            jax.device_put(jax.random.normal(ks[1], (16, 8)), NamedSharding(MESH, P("tp", None))),
            jax.device_put(jax.random.normal(ks[2], (16, 8)), NamedSharding(MESH, P("tp", None))))


def main(x, lora_a, lora_b):
    layer = LoRALinear()
    return jax.shard_map(layer, mesh=MESH, in_specs=(P("adapter", "tp"), P("tp", None), P("tp", None)),
                         out_specs=P("adapter", None))(x, lora_a, lora_b)
