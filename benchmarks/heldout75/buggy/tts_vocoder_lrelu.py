"""HiFi-GAN generator upsampling stage: activations on the full channel axis."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GENERATOR_CFG = {"_target_": "UpsampleStage", "lrelu_slope": 0.1, "channel_axis": "channel"}

REGISTRY = {}


def register(cls):
    REGISTRY[cls.__name__] = cls
    return cls


def instantiate(cfg, **extra):
    kwargs = {k: v for k, v in cfg.items() if k != "_target_"}
    return REGISTRY[cfg["_target_"]](**kwargs, **extra)


@register
class UpsampleStage:
    def __init__(self, lrelu_slope, channel_axis):
        self.lrelu_slope = lrelu_slope
        self.channel_axis = channel_axis

    def channels(self, h):
        return jax.lax.all_gather(h, self.channel_axis, axis=1, tiled=True, to="reduced")

    def activation(self, h):
        return jax.nn.leaky_relu(h, self.lrelu_slope)

    def __call__(self, h):
        return self.activation(self.channels(h))


def inputs():
    rng = np.random.default_rng(65)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(h):
    mesh = jax.make_mesh((2, 4), ("data", "channel"))
    h = jax.device_put(h, NamedSharding(mesh, P("data", "channel")))
    stage = instantiate(GENERATOR_CFG)
    return jax.shard_map(stage, mesh=mesh, in_specs=P("data", "channel"), out_specs=P("data", None))(h)


if __name__ == "__main__":
    print(main(*inputs()))
