"""ringattn/kernels/ring_zloss.py: ring attention that also returns the per-query log-normaliser (lse) of the
whole sequence for the z-loss, kept reduced on the ring axis."""
import math
import re
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---------------------------------------------------------------------------------------------
# einops_lite: pasted from our research utils (no einops dependency on the cluster images)
# ---------------------------------------------------------------------------------------------
_GROUP = re.compile(r"\(([^)]*)\)|(\S+)")


def _parse_side(side):
    """'b (h d) s' -> [['b'], ['h', 'd'], ['s']]."""
    groups = []
    for m in _GROUP.finditer(side.strip()):
        inner, single = m.group(1), m.group(2)
        groups.append(inner.split() if inner is not None else [single])
    return groups


def rearrange(x, pattern, **sizes):
    """Tiny einops.rearrange: reshape -> transpose -> reshape, sizes from the shape and kwargs."""
    lhs, rhs = pattern.split("->")
    src, dst = _parse_side(lhs), _parse_side(rhs)
    axis_sizes = dict(sizes)
    for dim, group in zip(x.shape, src):
        unknown = [a for a in group if a not in axis_sizes]
        known = math.prod(axis_sizes[a] for a in group if a in axis_sizes)
        if len(unknown) > 1:
            raise ValueError(f"cannot infer {unknown} in {pattern!r}")
        if unknown:
            axis_sizes[unknown[0]] = dim // known
    flat_src = [a for g in src for a in g]
    flat_dst = [a for g in dst for a in g]
    x = x.reshape([axis_sizes[a] for a in flat_src])
    x = x.transpose([flat_src.index(a) for a in flat_dst])
    return x.reshape([math.prod(axis_sizes[a] for a in g) for g in dst])


def ring_perm(n, shift=1):
    """Send-to-neighbour permutation for a ring of n shards."""
    return [(i, (i + shift) % n) for i in range(n)]


def online_softmax_update(o, m, l, s, v):
    """Blockwise softmax: fold scores s (.., q, k) and values v (.., k, d) into (o, m, l)."""
    m_new = jnp.maximum(m, jnp.max(s, axis=-1))
    corr = jnp.exp(m - m_new)
    p = jnp.exp(s - m_new[..., None])
    l_new = corr * l + jnp.sum(p, axis=-1)
    o_new = corr[..., None] * o + jnp.einsum("...qk,...kd->...qd", p, v)
    return o_new, m_new, l_new


def reference_attention(q, k, v, causal=False):
    """Plain NumPy attention over full sequences, for checking."""
    s = np.einsum("bhqd,bhkd->bhqk", q, k) / math.sqrt(q.shape[-1])
    if causal:
        n = s.shape[-1]
        s = np.where(np.tril(np.ones((n, n), bool)), s, -np.inf)
    s = s - s.max(-1, keepdims=True)
    p = np.exp(s)
    return np.einsum("bhqk,bhkd->bhqd", p / p.sum(-1, keepdims=True), v)
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RingConfig:
    batch_axis: str = "dp"
    seq_axis: str = "sp"
    heads: int = 2
    causal: bool = False


def init_stats(q, axes):
    m = jnp.full(q.shape[:-1], -jnp.inf, q.dtype)
    l = jnp.zeros(q.shape[:-1], q.dtype)
    return jax.lax.pcast(m, axes, to="varying"), jax.lax.pcast(l, axes, to="varying")


def ring_attention_shard(q, k, v, cfg, n):
    """One shard's queries against every shard's keys; KV blocks travel around the ring."""
    scale = 1.0 / math.sqrt(q.shape[-1])
    perm = ring_perm(n)
    m, l = init_stats(q, (cfg.batch_axis, cfg.seq_axis))
    o = jnp.zeros_like(q)

    def step(i, carry):
        o, m, l, k, v = carry
        s = jnp.einsum("bhqd,bhkd->bhqk", q, k) * scale
        o, m, l = online_softmax_update(o, m, l, s, v)
        k = jax.lax.ppermute(k, cfg.seq_axis, perm)
        v = jax.lax.ppermute(v, cfg.seq_axis, perm)
        return o, m, l, k, v

    with jax.named_scope("ring_loop"):
        o, m, l, _, _ = jax.lax.fori_loop(0, n, step, (o, m, l, k, v))
    return o / l[..., None], m, l


@dataclass(frozen=True)
class ZLossConfig:
    z_weight: float = 1e-4
    ring: RingConfig = field(default_factory=RingConfig)


def lse_of(m, l):
    return m + jnp.log(l)


def z_penalty(lse_all, zcfg):
    return zcfg.z_weight * jnp.sum(lse_all * lse_all, axis=-1)


def build(mesh, zcfg):
    cfg = zcfg.ring
    n = mesh.shape[cfg.seq_axis]
    spec = P(cfg.batch_axis, cfg.seq_axis, None)

    def body(q, k, v):
        q, k, v = (rearrange(t, "b s (h d) -> b h s d", h=cfg.heads) for t in (q, k, v))
        out, m, l = ring_attention_shard(q, k, v, cfg, n)
        lse_all = jax.lax.all_gather(lse_of(m, l), cfg.seq_axis, axis=2, tiled=True, to="invarying")
        return rearrange(out, "b h s d -> b s (h d)"), z_penalty(lse_all, zcfg)

    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(spec,) * 3,
                                 out_specs=(spec, P(cfg.batch_axis, None))))


def inputs():
    rng = np.random.default_rng(5)
    return tuple(rng.standard_normal((4, 32, 16)).astype(np.float32) for _ in range(3))


def main(q, k, v):
    zcfg = ZLossConfig()
    cfg = zcfg.ring
    mesh = jax.make_mesh((2, 4), (cfg.batch_axis, cfg.seq_axis))
    spec = NamedSharding(mesh, P(cfg.batch_axis, cfg.seq_axis, None))
    out, z = build(mesh, zcfg)(*(jax.device_put(t, spec) for t in (q, k, v)))
    split = lambda t: rearrange(t, "b s (h d) -> b h s d", h=cfg.heads)
    ref = reference_attention(split(q), split(k), split(v))
    np.testing.assert_allclose(split(np.asarray(out)), ref, rtol=2e-4, atol=2e-5)
    print("z penalty", np.asarray(z).shape)


if __name__ == "__main__":
    main(*inputs())
