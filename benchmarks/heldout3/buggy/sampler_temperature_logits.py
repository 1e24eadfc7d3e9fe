"""Decoding: vocab-sharded logits are gathered, then scaled by the sampling temperature."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class SamplingConfig:
    temperature: float = 0.7
    vocab_axis: str = "vocab"


def full_logits(logits, cfg):
    return lax.all_gather(logits, cfg.vocab_axis, axis=-1, tiled=True, to="reduced")


def sample_step(logits, cfg):
    logits = full_logits(logits, cfg)
    scaled = logits / cfg.temperature
    return jnp.argmax(scaled, axis=-1)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(2, 32) / 64,)


def main(logits):
    cfg = SamplingConfig()
    mesh = jax.make_mesh((8,), (cfg.vocab_axis,))
    logits = jax.device_put(logits, NamedSharding(mesh, P(None, cfg.vocab_axis)))
    f = jax.shard_map(functools.partial(sample_step, cfg=cfg), mesh=mesh,
                      in_specs=P(None, cfg.vocab_axis), out_specs=P())
    return f(logits)


if __name__ == "__main__":
    print(main(*inputs()))
