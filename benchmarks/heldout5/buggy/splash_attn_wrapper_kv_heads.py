"""A splash-attention-like wrapper (plain jnp, no Pallas): K/V blocks are gathered per head group."""
import functools
import math

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MASKS = {"causal": lambda q, k: jnp.tril(jnp.ones((q, k), bool))}


class SplashAttention:
    def __init__(self, mesh, mask="causal", seq_axis="sp", head_axis="hp"):
        self.mesh = mesh
        self.mask = MASKS[mask]
        self.seq_axis = seq_axis
        self.head_axis = head_axis

    def _kv(self, k):
        k = jax.lax.all_gather(k, self.seq_axis, axis=0, tiled=True, to="reduced")
        return jax.lax.all_gather(k, (self.seq_axis, self.head_axis), axis=1, tiled=True, to="reduced")

    def _attend(self, q, k):
        k = self._kv(k)
        s = q @ k.T
        return s

    def __call__(self, q, k):
        f = jax.shard_map(self._attend, mesh=self.mesh,
                          in_specs=(P((self.seq_axis, self.head_axis)), P(self.seq_axis, self.head_axis)),
                          out_specs=P((self.seq_axis, self.head_axis)))
        return f(q, k)


def inputs():
    mesh = jax.make_mesh((4, 2), ("sp", "hp"))
    q = jax.random.normal(jax.random.key(12), (16, 16))
    k = jax.random.normal(jax.random.key(13), (16, 4))
    return (mesh, jax.device_put(q, NamedSharding(mesh, P(("sp", "hp")))),
            jax.device_put(k, NamedSharding(mesh, P("sp", "hp"))))


def main(mesh, q, k):
    return SplashAttention(mesh)(q, k)
