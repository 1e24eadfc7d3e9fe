"""kvdecode/kv_cache_snapshot.py: flash-decoding, then a snapshot of the KV cache (each batch shard
with its whole sequence) for the prefix-sharing cache."""
import math
import re
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

from jax._src.shard_map import top_level_all_gather
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
class DecodeConfig:
    batch_axis: str = "batch"
    kv_axis: str = "kv"
    heads: int = 2
    head_dim: int = 8


def partial_decode(q, k, v):
    """One query per row against this shard's slice of the cache: (o, m, l) partials."""
    s = jnp.einsum("bhd,bhsd->bhs", q, k) / math.sqrt(q.shape[-1])
    m = jnp.max(s, axis=-1)
    p = jnp.exp(s - m[..., None])
    return jnp.einsum("bhs,bhsd->bhd", p, v), m, jnp.sum(p, axis=-1), s


def combine(o, m, l, axis):
    """Flash-decoding combine of per-shard partials across the cache axis."""
    m_g = jax.lax.pmax(m, axis)
    c = jnp.exp(m - m_g)
    l_g = jax.lax.psum(c * l, axis)
    o_g = jax.lax.psum(c[..., None] * o, axis)
    return o_g / l_g[..., None], m_g, l_g


def decode_reference(q, k, v):
    return reference_attention(q[:, :, None], k, v)[:, :, 0]


def cache_inputs(seed):
    rng = np.random.default_rng(seed)
    q = rng.standard_normal((4, 2, 8)).astype(np.float32)
    k, v = (rng.standard_normal((4, 2, 64, 8)).astype(np.float32) for _ in range(2))
    return q, k, v


SNAPSHOT_SPEC = P("batch", None, None, None, reduced={"kv"})


def snapshot(cache):
    return {name: top_level_all_gather(t, SNAPSHOT_SPEC) for name, t in cache.items()}


def build(mesh, cfg):
    q_spec, kv_spec = P(cfg.batch_axis, None, None), P(cfg.batch_axis, None, cfg.kv_axis, None)

    def body(q, k, v):
        o, m, l, _ = partial_decode(q, k, v)
        return combine(o, m, l, cfg.kv_axis)[0]

    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(q_spec, kv_spec, kv_spec), out_specs=q_spec))


def inputs():
    return cache_inputs(23)


def main(q, k, v):
    cfg = DecodeConfig()
    mesh = jax.make_mesh((2, 4), (cfg.batch_axis, cfg.kv_axis))
    q_spec, kv_spec = P(cfg.batch_axis, None, None), P(cfg.batch_axis, None, cfg.kv_axis, None)
    put = lambda t, s: jax.device_put(t, NamedSharding(mesh, s))
    cache = {"k": put(k, kv_spec), "v": put(v, kv_spec)}
    with jax.set_mesh(mesh):
        out = build(mesh, cfg)(put(q, q_spec), cache["k"], cache["v"])
    np.testing.assert_allclose(np.asarray(out), decode_reference(q, k, v), rtol=2e-4, atol=2e-5)
    snap = snapshot(cache)
    np.testing.assert_array_equal(np.asarray(snap["k"]), k)
    print("snapshot", snap["k"].sharding.spec)


if __name__ == "__main__":
    main(*inputs())
