"""Clipped surrogate objective with advantages normalised over the whole response."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("rollout", "seq"))

CLIP_EPS = 0.2


def clipped_surrogate(logp, old_logp, adv):
    ratio = jnp.exp(logp - old_logp)
    unclipped = ratio * adv
    clipped = jnp.clip(ratio, 1 - CLIP_EPS, 1 + CLIP_EPS) * adv
    return -jnp.minimum(unclipped, clipped)


def normalise(adv_full, eps=1e-8):
    return (adv_full - adv_full.mean()) / (adv_full.std() + eps)


def policy_loss(logp, old_logp, adv, *, seq_axis):
    adv_full = jax.lax.all_gather(adv, seq_axis, axis=1, tiled=True, to="reduced")
    logp_full = jax.lax.all_gather(logp, seq_axis, axis=1, tiled=True, to="invarying")
    old_full = jax.lax.all_gather(old_logp, seq_axis, axis=1, tiled=True, to="invarying")
    return clipped_surrogate(logp_full, old_full, normalise(adv_full)).mean(axis=1)


def inputs():
    ks = jax.random.split(jax.random.key(18), 3)
    sh = NamedSharding(MESH, P("rollout", "seq"))
    return tuple(jax.device_put(-jax.random.uniform(k, (8, 8)), sh) for k in ks)


def main(logp, old_logp, adv):
    body = functools.partial(policy_loss, seq_axis="seq")
    return jax.shard_map(body, mesh=MESH, in_specs=(P("rollout", "seq"),) * 3,
                         out_specs=P("rollout"))(logp, old_logp, adv)
