"""Selective checkpointing by name: attention logits tagged, saved per the offload policy."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.ad_checkpoint import checkpoint_name
from jax.sharding import NamedSharding, PartitionSpec as P

SAVE_NAMES = ("attn_logits", "attn_lse")


def attention(q, k, v, *, head_axis, batch_axis):
    logits = checkpoint_name(q @ k.T / np.sqrt(q.shape[-1]), "attn_logits")
    lse = jax.nn.logsumexp(logits, axis=-1, keepdims=True)
    lse = checkpoint_name(lse, "attn_lse")
    out = jnp.exp(logits - lse) @ v
    denom = jax.lax.psum(lse.max(axis=0, keepdims=True), head_axis)
    stats = jax.lax.all_gather(denom, head_axis, axis=0, tiled=True, to="reduced")
    return out, stats


def make_layer(policy_names, **axes):
    policy = jax.checkpoint_policies.save_only_these_names(*policy_names)
    return jax.checkpoint(functools.partial(attention, **axes), policy=policy)


def inputs():
    mesh = jax.make_mesh((4, 2), ("batch", "tensor"))
    rng = np.random.default_rng(51)
    put = lambda a: jax.device_put(a.astype(np.float32), NamedSharding(mesh, P("batch", "tensor")))
    return mesh, put(rng.normal(size=(16, 8))), put(rng.normal(size=(16, 8))), put(rng.normal(size=(16, 8)))


def main(mesh, q, k, v):
    layer = make_layer(SAVE_NAMES, head_axis="tensor", batch_axis="batch")
    f = jax.shard_map(layer, mesh=mesh, in_specs=(P("batch", "tensor"),) * 3,
                      out_specs=(P("batch", "tensor"), P("batch", None, reduced={"tensor"})))
    return f(q, k, v)


if __name__ == "__main__":
    main(*inputs())
