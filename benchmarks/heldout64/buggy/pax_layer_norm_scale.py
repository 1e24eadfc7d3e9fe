"""Pax-like LayerNorm whose scale variable is stored FSDP-sharded and gathered in fprop."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class HParams(dict):
    __getattr__ = dict.__getitem__


def layer_norm_params(dim, direct_scale=False, use_bias=True, epsilon=1e-6):
    return HParams(dim=dim, direct_scale=direct_scale, use_bias=use_bias, epsilon=epsilon,
                   weight_split_dims_mapping=HParams(wt=("data",)))


class LayerNorm:
    def __init__(self, p):
        self.p = p

    def _theta(self, scale, bias):
        axis, = self.p.weight_split_dims_mapping.wt
        gather = lambda v: jax.lax.all_gather(v, axis, tiled=True, to="reduced")
        return gather(scale), gather(bias)

    def fprop(self, inputs, scale, bias):
        p = self.p
        mean = jnp.mean(inputs, axis=-1, keepdims=True)
        var = jnp.mean(jnp.square(inputs - mean), axis=-1, keepdims=True)
        normed = (inputs - mean) * jax.lax.rsqrt(var + p.epsilon)
        scale, bias = self._theta(scale, bias)
        if not p.direct_scale:
            scale = 1 + scale
        out = normed * scale
        if p.use_bias:
            out = out + bias
        return out


def inputs():
    rng = np.random.default_rng(17)
    x = rng.standard_normal((8, 16)).astype(np.float32)
    scale = np.zeros((16,), np.float32)
    bias = np.zeros((16,), np.float32)
    return layer_norm_params(16), x, scale, bias


def main(p, x, scale, bias):
    mesh = jax.make_mesh((4, 2), ("data", "mdl"))
    wspec = P(*p.weight_split_dims_mapping.wt)
    x = jax.device_put(x, NamedSharding(mesh, P("mdl", None)))
    scale = jax.device_put(scale, NamedSharding(mesh, wspec))
    bias = jax.device_put(bias, NamedSharding(mesh, wspec))
    layer = LayerNorm(p)
    fn = jax.shard_map(layer.fprop, mesh=mesh, in_specs=(P("mdl", None), wspec, wspec),
                       out_specs=P("mdl", None))
    return jax.jit(fn)(x, scale, bias)


if __name__ == "__main__":
    main(*inputs())
