"""A hand-written NNX-like RMSNorm whose scale Variable is materialised through a property
with an invarying gather, so `1 + scale` is legal."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Variable:
    def __init__(self, value, gather_axis=None):
        self.raw = value
        self.gather_axis = gather_axis

    @property
    def value(self):
        if self.gather_axis is None:
            return self.raw
        return jax.lax.all_gather(self.raw, self.gather_axis, tiled=True, to="invarying")


class RMSNorm:
    def __init__(self, scale, gather_axis="fsdp", eps=1e-6):
        self.scale = Variable(scale, gather_axis)
        self.eps = eps

    def __call__(self, x):
        rms = jax.lax.rsqrt(jnp.mean(x * x, axis=-1, keepdims=True) + self.eps)
        return x * rms * (1.0 + self.scale.value)


def inputs():
    rng = np.random.default_rng(114)
    return rng.normal(size=(8, 16)).astype(np.float32), np.zeros((16,), np.float32)


def main(x, scale):
    mesh = jax.make_mesh((4, 2), ("fsdp", "batch"))
    scale = jax.device_put(scale, NamedSharding(mesh, P("fsdp")))
    x = jax.device_put(x, NamedSharding(mesh, P("batch", None)))
    fn = jax.shard_map(lambda s, x: RMSNorm(s)(x), mesh=mesh, in_specs=(P("fsdp"), P("batch", None)),
                       out_specs=P("batch", None))
    return fn(scale, x)
