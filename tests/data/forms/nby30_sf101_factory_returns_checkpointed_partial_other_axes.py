import functools

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def attention(q, *, head_axis, batch_axis):
    denom = jax.lax.psum(q.max(axis=0, keepdims=True), batch_axis)
    jax.lax.all_gather(denom, head_axis, axis=0, tiled=True, to="reduced")
    return q


def make_layer(names, **axes):
    policy = jax.checkpoint_policies.save_only_these_names(*names)
    return jax.checkpoint(functools.partial(attention, **axes), policy=policy)


def main(mesh, x):
    layer = make_layer(("attn_logits",), head_axis="i", batch_axis="j")
    return jax.shard_map(layer, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
