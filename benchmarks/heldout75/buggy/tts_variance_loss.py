"""FastSpeech2 loss: mel, duration and energy terms reduced over the configured axes."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LOSS_CFG = {"_target_": "FastSpeech2Loss", "reduce_axes": ["data", "channel"], "energy_weight": 0.1}

REGISTRY = {}


def register(cls):
    REGISTRY[cls.__name__] = cls
    return cls


def instantiate(cfg, **extra):
    kwargs = {k: v for k, v in cfg.items() if k != "_target_"}
    return REGISTRY[cfg["_target_"]](**kwargs, **extra)


@register
class FastSpeech2Loss:
    def __init__(self, reduce_axes, energy_weight, channel_axis="channel"):
        self.reduce_axes = tuple(reduce_axes)
        self.energy_weight = energy_weight
        self.channel_axis = channel_axis

    def energy(self, mel):
        return jax.lax.psum(jnp.square(mel).sum(axis=-1), self.channel_axis)

    def __call__(self, mel_pred, mel_tgt):
        mel_loss = jnp.abs(mel_pred - mel_tgt).mean()
        energy_loss = jnp.square(self.energy(mel_pred) - self.energy(mel_tgt)).mean()
        terms = [mel_loss, self.energy_weight * energy_loss]
        return sum(jax.lax.psum(t, self.reduce_axes) for t in terms)


def inputs():
    rng = np.random.default_rng(64)
    return rng.standard_normal((8, 16)).astype(np.float32), rng.standard_normal((8, 16)).astype(np.float32)


def main(mel_pred, mel_tgt):
    mesh = jax.make_mesh((2, 4), ("data", "channel"))
    sharding = NamedSharding(mesh, P("data", "channel"))
    mel_pred, mel_tgt = jax.device_put(mel_pred, sharding), jax.device_put(mel_tgt, sharding)
    loss = instantiate(LOSS_CFG)
    return jax.shard_map(loss, mesh=mesh, in_specs=(P("data", "channel"),) * 2, out_specs=P())(mel_pred, mel_tgt)


if __name__ == "__main__":
    print(main(*inputs()))
