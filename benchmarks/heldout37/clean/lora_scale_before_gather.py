"""Adapter merge preview: the gathered LoRA product is scaled before merging into the base."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("adapter", "tp"))


def merged_delta(lora_a, lora_b, *, alpha, rank, tp_axis="tp"):
    scale = alpha / rank
    delta = (lora_a @ lora_b) * scale
    return jax.lax.all_gather(delta, tp_axis, axis=1, tiled=True, to="reduced")


def inputs():
    k1, k2 = jax.random.split(jax.random.key(28))
    return (jax.device_put(jax.random.normal(k1, (16, 8)), NamedSharding(MESH, P("adapter", None))),
            jax.device_put(jax.random.normal(k2, (8, 16)), NamedSharding(MESH, P(None, "tp"))))


def main(lora_a, lora_b):
    body = lambda a, b: merged_delta(a, b, alpha=32, rank=8)
    return jax.shard_map(body, mesh=MESH, in_specs=(P("adapter", None), P(None, "tp")),
                         out_specs=P("adapter", None, reduced={"tp"}))(lora_a, lora_b)
