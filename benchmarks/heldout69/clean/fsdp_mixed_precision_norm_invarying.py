"""MixedPrecision policy of an FSDP unit: layer-norm gain of a layout encoder, unsharded for forward."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("fsdp", "tp"))


@dataclass(frozen=True)
class MixedPrecision:
    param_dtype: jnp.dtype = jnp.bfloat16
    reduce_dtype: jnp.dtype = jnp.float32


class FSDPLayerNorm:
    def __init__(self, policy=MixedPrecision(), axis="fsdp", eps=1e-5):
        self.policy = policy
        self.axis = axis
        self.eps = eps

    def _full_param(self, shard):
        full = jax.lax.all_gather(shard, self.axis, tiled=True, to="invarying")
        return full.astype(self.policy.param_dtype)

    def forward(self, h, gain_shard):
        gain = self._full_param(gain_shard)
        mu = h.mean(axis=-1, keepdims=True)
        var = ((h - mu) ** 2).mean(axis=-1, keepdims=True)
        normed = ((h - mu) * jax.lax.rsqrt(var + self.eps)).astype(self.policy.param_dtype)
        scale = 1.0 + gain
        return normed * scale


def inputs():
    rng = np.random.default_rng(25)
    h = rng.normal(size=(8, 16)).astype(np.float32)
    gain = (rng.normal(size=(16,)) * 0.01).astype(np.float32)
    return (jax.device_put(h, NamedSharding(MESH, P("fsdp", None))),
            jax.device_put(gain, NamedSharding(MESH, P("fsdp"))))


def main(h, gain):
    ln = FSDPLayerNorm()
    fn = jax.shard_map(ln.forward, mesh=MESH, in_specs=(P("fsdp", None), P("fsdp")),
                       out_specs=P("fsdp", None))
    print("normed:", fn(h, gain).dtype, fn(h, gain).shape)


if __name__ == "__main__":
    main(*inputs())
