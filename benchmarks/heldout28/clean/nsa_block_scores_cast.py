"""Native-sparse-attention block selection: importance of each compressed key block."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

BLOCK = 4
TOP_K = 2


def block_importance(q, k_cmp, *, head_axis, ctx_axis, top_k):
    scores = jnp.einsum("qhd,bhd->qhb", q, k_cmp)
    probs = jax.nn.softmax(scores, axis=-1)
    shared = jax.lax.psum(probs.sum(axis=1), head_axis)
    ranked = jax.lax.all_gather(jax.lax.pcast(shared, head_axis, to="varying"), head_axis, tiled=True, to="reduced")
    return ranked, jax.lax.top_k(shared, top_k)[1]


def inputs():
    rng = np.random.default_rng(9)
    return (rng.normal(size=(16, 8, 4)).astype(np.float32),
            rng.normal(size=(6, 8, 4)).astype(np.float32))


def main(q, k_cmp):
    mesh = jax.make_mesh((2, 4), ("ctx", "head"))
    q = jax.device_put(q, NamedSharding(mesh, P("ctx", "head", None)))
    k_cmp = jax.device_put(k_cmp, NamedSharding(mesh, P(None, "head", None)))
    body = functools.partial(block_importance, head_axis="head", ctx_axis="ctx", top_k=TOP_K)
    return jax.shard_map(
        body, mesh=mesh,
        in_specs=(P("ctx", "head", None), P(None, "head", None)),
        out_specs=(P("ctx", None, reduced={"head"}), P("ctx", None)),
    )(q, k_cmp)


if __name__ == "__main__":
    ranked, idx = main(*inputs())
    print(ranked.shape, idx)
