"""Export the output projection unsharded for the serving engine."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

KERNELS = {}


def register_kernel(name):
    def deco(fn):
        KERNELS[name] = fn
        return fn
    return deco


@dataclasses.dataclass(frozen=True)
class AttnSpec:
    kernel: str = "ring"
    seq_axis: str = "seq"
    head_axis: str = "heads"
    ring_size: int = 4
    head_shards: int = 2

    @property
    def mesh_axes(self):
        return (self.seq_axis, self.head_axis)

    @property
    def qkv_spec(self):
        return P(self.seq_axis, self.head_axis, None)

    @property
    def wo_spec(self):
        return P(self.head_axis, None, None)


def _block(q, k, v, scale):
    s = jnp.einsum("qhd,khd->hqk", q, k) * scale
    m = jnp.max(s, axis=-1)
    p = jnp.exp(s - m[..., None])
    return m, jnp.sum(p, axis=-1), jnp.einsum("hqk,khd->qhd", p, v)


@register_kernel("ring")
def ring_attention(spec, q, k, v):
    perm = [(i, (i + 1) % spec.ring_size) for i in range(spec.ring_size)]
    scale = q.shape[-1] ** -0.5

    def step(carry, _):
        m, l, o, k, v = carry
        bm, bl, bo = _block(q, k, v, scale)
        m_new = jnp.maximum(m, bm)
        a, b = jnp.exp(m - m_new), jnp.exp(bm - m_new)
        o = o * a.T[..., None] + bo * b.T[..., None]
        k, v = (jax.lax.ppermute(t, spec.seq_axis, perm) for t in (k, v))
        return (m_new, a * l + b * bl, o, k, v), None

    m0 = jnp.full_like(q[..., 0].T, -jnp.inf)
    (m, l, o, _, _), _ = jax.lax.scan(step, (m0, jnp.zeros_like(m0), jnp.zeros_like(q), k, v),
                                      None, length=spec.ring_size)
    return o / l.T[..., None], m + jnp.log(l)


def _ring_fwd(spec, q, k, v):
    out = ring_attention(spec, q, k, v)
    return out, (q, k, v)


def _ring_bwd(spec, res, g):
    _, vjp = jax.vjp(functools.partial(ring_attention, spec), *res)
    return vjp(g)


ring_attention_vjp = jax.custom_vjp(ring_attention, nondiff_argnums=(0,))
ring_attention_vjp.defvjp(_ring_fwd, _ring_bwd)
KERNELS["ring_vjp"] = ring_attention_vjp


def attention_block(spec, q, k, v, w_o):
    with jax.named_scope(f"attn_{spec.kernel}"):
        o, lse = KERNELS[spec.kernel](spec, q, k, v)
        out = jax.lax.psum(jnp.einsum("qhd,hde->qe", o, w_o), spec.head_axis)
    return out, o, lse


def make_mesh(spec):
    return jax.make_mesh((spec.ring_size, spec.head_shards), spec.mesh_axes)


def place(mesh, spec, q, k, v, w_o):
    qkv = [jax.device_put(t, NamedSharding(mesh, spec.qkv_spec)) for t in (q, k, v)]
    return (*qkv, jax.device_put(w_o, NamedSharding(mesh, spec.wo_spec)))


def inputs():
    rng = np.random.default_rng(2)
    seq, heads, dh, d_model = 16, 4, 4, 8
    q, k, v = (rng.normal(size=(seq, heads, dh)).astype(np.float32) for _ in range(3))
    w_o = rng.normal(size=(heads, dh, d_model)).astype(np.float32) * 0.3
    return AttnSpec(), q, k, v, w_o


def export_wo(mesh, w_o):
    return top_level_all_gather(w_o, NamedSharding(mesh, P(None, None, None, reduced={"heads"})))


@functools.partial(jax.jit, static_argnames=("spec",))
def forward(spec, q, k, v, w_o):
    return jax.shard_map(lambda *a: attention_block(spec, *a)[0], in_specs=(spec.qkv_spec,) * 3 + (spec.wo_spec,), out_specs=P(spec.seq_axis, None))(q, k, v, w_o)


def main(spec, q, k, v, w_o):
    mesh = make_mesh(spec)
    with jax.set_mesh(mesh):
        q, k, v, w_o = place(mesh, spec, q, k, v, w_o)
        out = forward(spec, q, k, v, w_o)
        return out, export_wo(mesh, w_o)


if __name__ == "__main__":
    main(*inputs())
