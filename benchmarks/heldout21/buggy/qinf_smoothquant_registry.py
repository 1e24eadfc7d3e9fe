"""SmoothQuant migration scales, computed by a quantizer looked up in a registry."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

QUANTIZERS = {}


def register_quantizer(name):
    def wrap(cls):
        QUANTIZERS[name] = cls
        return cls
    return wrap


@register_quantizer("smoothquant")
class SmoothQuant:
    def __init__(self, alpha=0.5, token_axis="data", channel_axis="model"):
        self.alpha = alpha
        self.token_axis = token_axis
        self.channel_axis = channel_axis

    def act_stats(self, x):
        return jax.lax.all_gather(jnp.max(jnp.abs(x), axis=0, keepdims=True), self.token_axis,
                                  axis=0, tiled=True, to="reduced")

    def snapshot(self, stats):
        axes = (self.token_axis, self.channel_axis)
        return jax.lax.all_gather(stats, axes, axis=1, tiled=True, to="reduced")

    def calibrate(self, x, w):
        stats = self.act_stats(x)
        w_max = jnp.max(jnp.abs(w), axis=1)
        return self.snapshot(stats), w_max


def inputs():
    rng = np.random.default_rng(7)
    x = rng.standard_normal((32, 16)).astype(np.float32)
    w = rng.standard_normal((16, 8)).astype(np.float32)
    return x, w


def main(x, w):
    quantizer = QUANTIZERS["smoothquant"]()
    mesh = jax.make_mesh((2, 4), (quantizer.token_axis, quantizer.channel_axis))
    xspec = P(quantizer.token_axis, quantizer.channel_axis)
    wspec = P(quantizer.channel_axis, None)
    x = jax.device_put(x, NamedSharding(mesh, xspec))
    w = jax.device_put(w, NamedSharding(mesh, wspec))
    fn = jax.shard_map(quantizer.calibrate, mesh=mesh, in_specs=(xspec, wspec),
                       out_specs=(P(None, None, reduced={"data", "model"}), P("model")))
    return fn(x, w)


if __name__ == "__main__":
    print(main(*inputs()))
