"""Per-head cache utilisation statistics for the block allocator's autoscaler."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("dp", "kv_head"))


def utilisation(slot_mapping, *, seq_axis, head_axis, block_size=16):
    filled = jnp.sum(slot_mapping >= 0, axis=0).astype(jnp.float32) / block_size
    filled = jax.lax.psum(filled, head_axis)
    return jax.lax.pmean(filled, seq_axis)


def inputs():
    slots = jnp.arange(8 * 8, dtype=jnp.int32).reshape(8, 8) % 9 - 3
    return (jax.device_put(slots, NamedSharding(MESH, P("dp", "kv_head"))),)


def main(slot_mapping):
    body = functools.partial(utilisation, seq_axis="dp", head_axis="kv_head")
    return jax.shard_map(body, mesh=MESH, in_specs=P("dp", "kv_head"), out_specs=P())(slot_mapping)
