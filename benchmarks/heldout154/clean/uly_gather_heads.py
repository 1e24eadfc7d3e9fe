"""ulysses/uly_gather_heads.py: Ulysses attention whose per-head outputs are gathered for the
head-pruning probe (all heads, all batch rows, on every device)."""
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
class UlyssesConfig:
    data_axis: str = "data"
    seq_axis: str = "seq"
    heads: int = 4
    causal: bool = True


def seq_to_heads(x, axis):
    """(b, s/n, h, d) -> (b, s, h/n, d): trade the sequence shard for a head shard."""
    return jax.lax.all_to_all(x, axis, split_axis=2, concat_axis=1, tiled=True)


def heads_to_seq(x, axis):
    """(b, s, h/n, d) -> (b, s/n, h, d)."""
    return jax.lax.all_to_all(x, axis, split_axis=1, concat_axis=2, tiled=True)


def local_attention(q, k, v, causal):
    """Full-sequence attention for the local heads; returns output and probabilities."""
    s = jnp.einsum("bqhd,bkhd->bhqk", q, k) / math.sqrt(q.shape[-1])
    if causal:
        n = s.shape[-1]
        s = jnp.where(jnp.tril(jnp.ones((n, n), bool)), s, -1e30)
    p = jax.nn.softmax(s, axis=-1)
    return jnp.einsum("bhqk,bkhd->bqhd", p, v), p


def split_heads(t, heads):
    return rearrange(t, "b s (h d) -> b s h d", h=heads)


def gather_heads(o, cfg):
    with jax.named_scope("gather_heads"):
        o_all = jax.lax.all_gather(o, cfg.seq_axis, axis=2, tiled=True, to="reduced")
        return jax.lax.all_gather(jax.lax.pcast(o_all, cfg.seq_axis, to="varying"), (cfg.data_axis, cfg.seq_axis), axis=0, tiled=True, to="reduced")


class UlyssesProbe:
    def __init__(self, cfg):
        self.cfg = cfg

    def __call__(self, q, k, v):
        cfg = self.cfg
        q, k, v = (seq_to_heads(split_heads(t, cfg.heads), cfg.seq_axis) for t in (q, k, v))
        o, _ = local_attention(q, k, v, cfg.causal)
        return rearrange(heads_to_seq(o, cfg.seq_axis), "b s h d -> b s (h d)"), gather_heads(o, cfg)


def inputs():
    rng = np.random.default_rng(11)
    return tuple(rng.standard_normal((4, 32, 16)).astype(np.float32) for _ in range(3))


def main(q, k, v):
    cfg = UlyssesConfig()
    mesh = jax.make_mesh((2, 4), (cfg.data_axis, cfg.seq_axis))
    spec = P(cfg.data_axis, cfg.seq_axis, None)
    fn = jax.jit(jax.shard_map(UlyssesProbe(cfg), mesh=mesh, in_specs=(spec,) * 3,
                               out_specs=(spec, P(None, None, None, None, reduced={cfg.data_axis, cfg.seq_axis}))))
    out, heads = fn(*(jax.device_put(t, NamedSharding(mesh, spec)) for t in (q, k, v)))
    split = lambda t: rearrange(t, "b s (h d) -> b h s d", h=cfg.heads)
    ref = reference_attention(split(q), split(k), split(v), causal=cfg.causal)
    np.testing.assert_allclose(split(np.asarray(out)), ref, rtol=2e-4, atol=2e-5)
    print("heads", heads.shape)


if __name__ == "__main__":
    main(*inputs())
