"""Speculative decoding: the draft model's proposals are verified by a sharded target model."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

N_DRAFT = 4


def verify_draft(target_logp, draft_logp, u, *, seq_axis):
    # each shard holds a slice of the sequences; accept while u < p_target / p_draft
    ratio = jnp.exp(target_logp - draft_logp)
    accepted = jnp.cumprod((u < ratio).astype(jnp.float32), axis=-1)
    n_acc = jnp.sum(accepted, axis=-1)
    total = jax.lax.psum(jnp.sum(n_acc), seq_axis)
    per_step = jax.lax.all_gather(total[None], seq_axis, tiled=True, to="reduced")
    return n_acc, per_step


def make_verifier(mesh, seq_axis="seqs"):
    body = functools.partial(verify_draft, seq_axis=seq_axis)
    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P(seq_axis),
                                 out_specs=(P(seq_axis), P(reduced={seq_axis}))))


def inputs():
    mesh = jax.make_mesh((8,), ("seqs",))
    k = jax.random.split(jax.random.key(4), 3)
    s = NamedSharding(mesh, P("seqs"))
    t = jax.device_put(-jax.random.uniform(k[0], (16, N_DRAFT)), s)
    d = jax.device_put(-jax.random.uniform(k[1], (16, N_DRAFT)), s)
    u = jax.device_put(jax.random.uniform(k[2], (16, N_DRAFT)), s)
    return mesh, t, d, u


def main(mesh, t, d, u):
    return make_verifier(mesh)(t, d, u)
