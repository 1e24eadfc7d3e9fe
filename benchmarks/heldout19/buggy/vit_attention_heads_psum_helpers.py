"""ViT self-attention, heads split over 'tensor'; the block passes through two builders."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def attention(x, wq, wk, wv, wo, axis):
    q, k, v = x @ wq, x @ wk, x @ wv
    scores = jax.nn.softmax(q @ k.transpose(0, 2, 1) / np.sqrt(q.shape[-1]), axis=-1)
    out = jax.lax.psum((scores @ v) @ wo, axis)
    maps = jax.lax.all_gather(scores, axis, to="reduced")
    rollout = jax.lax.psum(maps.sum(axis=0), axis)
    return out, rollout


def make_block(axis):
    return functools.partial(attention, axis=axis)


def build_forward(mesh, axis="tensor"):
    block = make_block(axis)
    w_spec = P(None, axis)
    return jax.shard_map(block, mesh=mesh,
                         in_specs=(P("data"), w_spec, w_spec, w_spec, P(axis)),
                         out_specs=(P("data"), P("data")))


def main(x, wq, wk, wv, wo):
    mesh = jax.make_mesh((4, 2), ("data", "tensor"))
    put = lambda a, s: jax.device_put(a, NamedSharding(mesh, s))
    fwd = build_forward(mesh)
    return fwd(put(x, P("data")), put(wq, P(None, "tensor")), put(wk, P(None, "tensor")),
               put(wv, P(None, "tensor")), put(wo, P("tensor")))


def inputs():
    rng = np.random.default_rng(12)
    w = lambda *s: rng.standard_normal(s, dtype=np.float32) * 0.1
    return (rng.standard_normal((8, 6, 16), dtype=np.float32), w(16, 8), w(16, 8), w(16, 8), w(8, 16))
