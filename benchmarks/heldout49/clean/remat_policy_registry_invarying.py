"""Activation checkpointing with a policy picked by name, around a tensor-parallel MLP block."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

REMAT_POLICIES = {
    "full": jax.checkpoint_policies.nothing_saveable,
    "dots": jax.checkpoint_policies.checkpoint_dots,
    "none": jax.checkpoint_policies.everything_saveable,
}


class TPBlock:
    tp_axis = "tensor"

    def __init__(self, policy="dots"):
        self.policy = REMAT_POLICIES[policy]

    def mlp(self, x, w_in, w_out):
        h = jax.nn.gelu(x @ w_in)
        return jax.lax.psum(h @ w_out, self.tp_axis)

    def norm(self, x, scale_shard):
        scale = jax.lax.all_gather(scale_shard, self.tp_axis, axis=0, tiled=True, to="invarying")
        rms = jax.lax.rsqrt((x * x).mean(axis=-1, keepdims=True) + 1e-6)
        return x * rms * (1.0 + scale)

    def __call__(self, x, scale_shard, w_in, w_out):
        block = jax.checkpoint(lambda a: a + self.mlp(self.norm(a, scale_shard), w_in, w_out),
                               policy=self.policy)
        return block(x)


def inputs():
    mesh = jax.make_mesh((4, 2), ("batch", "tensor"))
    rng = np.random.default_rng(50)
    put = lambda a, s: jax.device_put(a.astype(np.float32), NamedSharding(mesh, s))
    x = put(rng.normal(size=(16, 8)), P("batch", None))
    scale = put(np.zeros(8), P("tensor"))
    w_in = put(rng.normal(size=(8, 32)) * 0.1, P(None, "tensor"))
    w_out = put(rng.normal(size=(32, 8)) * 0.1, P("tensor", None))
    return mesh, x, scale, w_in, w_out


def main(mesh, x, scale, w_in, w_out):
    block = TPBlock("dots")
    f = jax.shard_map(block, mesh=mesh,
                      in_specs=(P("batch", None), P("tensor"), P(None, "tensor"), P("tensor", None)),
                      out_specs=P("batch", None))
    return f(x, scale, w_in, w_out)


if __name__ == "__main__":
    main(*inputs())
