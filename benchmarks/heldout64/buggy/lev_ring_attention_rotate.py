"""Levanter-like sequence-parallel attention scores: key blocks rotated around the ring."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXIS_MAPPING = {"batch": "data", "position": "model", "key_position": "model", "head_dim": None}


def ring_perm(n):
    return [(i, (i + 1) % n) for i in range(n)]


class RingScores:
    def __init__(self, mapping, num_blocks):
        self.seq_axis = mapping["key_position"]
        self.num_blocks = num_blocks

    def gather_keys(self, k):
        return jax.lax.all_gather(k, self.seq_axis, axis=1, tiled=True, to="reduced")

    def __call__(self, q, k):
        kv = self.gather_keys(k)
        acc = jnp.zeros(q.shape[:2], q.dtype)
        for _ in range(self.num_blocks):
            acc = acc + jnp.einsum("bqd,bkd->bq", q, kv)
            kv = jax.lax.ppermute(kv, self.seq_axis, ring_perm(self.num_blocks))
        return acc


def inputs():
    rng = np.random.default_rng(20)
    q = rng.standard_normal((4, 8, 2)).astype(np.float32)
    k = rng.standard_normal((4, 8, 2)).astype(np.float32)
    return q, k


def main(q, k):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    m = AXIS_MAPPING
    spec = P(m["batch"], m["position"], m["head_dim"])
    q = jax.device_put(q, NamedSharding(mesh, spec))
    k = jax.device_put(k, NamedSharding(mesh, spec))
    scores = RingScores(m, mesh.shape[m["position"]])
    fn = jax.shard_map(functools.partial(scores.__call__), mesh=mesh, in_specs=(spec, spec),
                       out_specs=P(m["batch"], m["position"]))
    return jax.jit(fn)(q, k)


if __name__ == "__main__":
    main(*inputs())
