"""Conv-TasNet-like separation written like a LightningModule: training_step logs the mixture energy."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class SepConfig:
    batch_axis: str = "data"
    channel_axis: str = "chan"
    n_src: int = 2


class SeparationModule:
    def __init__(self, cfg: SepConfig):
        self.cfg = cfg
        self.logged = {}

    def log(self, name, value):
        self.logged[name] = value

    def encode(self, wav):
        return jnp.tanh(wav)

    def training_step(self, wav):
        enc = self.encode(wav)
        energy = jax.lax.psum((enc ** 2).sum(axis=(1, 2)), self.cfg.channel_axis)
        per_chan = jax.lax.all_gather(energy, self.cfg.channel_axis, to="reduced")
        self.log("mix_energy", per_chan)
        return per_chan


def inputs():
    cfg = SepConfig()
    mesh = jax.make_mesh((4, 2), (cfg.batch_axis, cfg.channel_axis))
    wav = jax.random.normal(jax.random.key(20), (8, 16, 64))
    return (jax.device_put(wav, NamedSharding(mesh, P(cfg.batch_axis, cfg.channel_axis, None))),)


def main(wav, cfg=None):
    cfg = cfg or SepConfig()
    mesh = jax.make_mesh((4, 2), (cfg.batch_axis, cfg.channel_axis))
    module = SeparationModule(cfg)
    return jax.shard_map(module.training_step, mesh=mesh,
                         in_specs=P(cfg.batch_axis, cfg.channel_axis, None),
                         out_specs=P(None, cfg.batch_axis, reduced={cfg.channel_axis}))(wav)
