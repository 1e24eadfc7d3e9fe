"""Transducer decoding with temperature: vocab logits are gathered and sharpened before search."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class DecoderConfig:
    temperature: float = 0.7
    vocab_axis: str = "model"
    utt_axis: str = "data"


class SampledDecoder:
    def __init__(self, config: DecoderConfig):
        self.config = config

    def full_vocab(self, logits):
        return jax.lax.all_gather(logits, self.config.vocab_axis, axis=1, tiled=True, to="reduced")

    def __call__(self, logits):
        full = self.full_vocab(logits)
        sharpened = full / self.config.temperature
        return jnp.argmax(sharpened, axis=1)


def inputs():
    rng = np.random.default_rng(14)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(logits):
    cfg = DecoderConfig()
    mesh = jax.make_mesh((2, 4), (cfg.utt_axis, cfg.vocab_axis))
    logits = jax.device_put(logits, NamedSharding(mesh, P(cfg.utt_axis, cfg.vocab_axis)))
    decoder = SampledDecoder(cfg)
    return jax.shard_map(decoder, mesh=mesh, in_specs=P(cfg.utt_axis, cfg.vocab_axis),
                         out_specs=P(cfg.utt_axis))(logits)


if __name__ == "__main__":
    print(main(*inputs()))
