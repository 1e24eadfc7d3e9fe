"""DiT self-attention with head-parallel projections and a global logit cap for fp16 stability."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Attention:
    head_axis = "tp"

    def __init__(self, num_heads=4, head_dim=4):
        self.num_heads = num_heads
        self.head_dim = head_dim

    def logits(self, q, k):
        return jnp.einsum("bqd,bkd->bqk", q, k) / np.sqrt(self.head_dim)

    def global_cap(self, logits):
        full = jax.lax.all_gather(logits, self.head_axis, axis=0, tiled=True, to="reduced")
        return jax.lax.pmax(jnp.abs(full), self.head_axis)

    def __call__(self, q, k):
        lg = self.logits(q, k)
        cap = self.global_cap(lg)
        return lg, cap


def inputs():
    rng = np.random.default_rng(5)
    q = rng.standard_normal((8, 6, 4)).astype(np.float32)
    k = rng.standard_normal((8, 6, 4)).astype(np.float32)
    return q, k


def main(q, k):
    mesh = jax.make_mesh((4, 2), ("batch", "tp"))
    heads = P("tp", None, None)
    q = jax.device_put(q, NamedSharding(mesh, heads))
    k = jax.device_put(k, NamedSharding(mesh, heads))
    attn = Attention()
    return jax.shard_map(attn, mesh=mesh, in_specs=(heads, heads),
                         out_specs=(heads, P(None, None, None)))(q, k)


if __name__ == "__main__":
    main(*inputs())
