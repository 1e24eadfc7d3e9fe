"""Attention entropy per window, averaged into a metrics dict."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("seq", "heads"))
METRICS = {
    "attn_entropy": functools.partial(jax.lax.pmean, axis_name=("seq", "heads")),
}


def window_entropy(q, k):
    scores = jnp.einsum("lhd,mhd->hlm", q, k) / jnp.sqrt(q.shape[-1])
    p = jax.nn.softmax(scores, axis=-1)
    return -(p * jnp.log(p + 1e-9)).sum(axis=-1).mean()


def body(q, k):
    ent = jax.lax.psum(window_entropy(q, k), "heads")
    return {name: fn(ent) for name, fn in METRICS.items()}


def inputs():
    q = jax.random.normal(jax.random.key(13), (32, 4, 8))
    k = jax.random.normal(jax.random.key(14), (32, 4, 8))
    s = NamedSharding(mesh, P("seq", "heads", None))
    return jax.device_put(q, s), jax.device_put(k, s)


def main(q, k):
    spec = P("seq", "heads", None)
    return jax.shard_map(body, mesh=mesh, in_specs=(spec, spec), out_specs={"attn_entropy": P()})(q, k)
