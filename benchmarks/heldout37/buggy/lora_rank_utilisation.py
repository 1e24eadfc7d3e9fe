"""Adapter rank utilisation: singular-value mass kept, reported across the serving mesh."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("adapter", "tp"))
REPORT_AXES = MESH.axis_names


def energy(lora_b):
    return jnp.sum(lora_b * lora_b, axis=0)


def rank_utilisation(lora_b, reduce=jax.lax.psum):
    per_rank = reduce(energy(lora_b), "tp")
    frac = per_rank / per_rank.sum()
    return reduce(frac[:1], REPORT_AXES)


def inputs():
    b = jax.random.normal(jax.random.key(27), (16, 8))
    return (jax.device_put(b, NamedSharding(MESH, P("tp", "adapter"))),)


def main(lora_b):
    return jax.shard_map(rank_utilisation, mesh=MESH, in_specs=P("tp", "adapter"),
                         out_specs=P())(lora_b)
