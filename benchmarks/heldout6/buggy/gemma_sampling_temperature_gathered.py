"""Gemma-like sampler: logits over a vocab-sharded unembedding, temperature and top-p."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class SamplerConfig:
    temperature: float = 0.7
    top_p: float = 0.9
    vocab_axis: str = "vocab"


mesh = jax.make_mesh((8,), ("vocab",))


class Sampler:
    def __init__(self, cfg: SamplerConfig):
        self.cfg = cfg

    def logits(self, h, unembed):
        local = h @ unembed.T
        return jax.lax.all_gather(local, self.cfg.vocab_axis, axis=-1, tiled=True, to="reduced")

    def __call__(self, h, unembed):
        full = self.logits(h, unembed)
        scaled = full / self.cfg.temperature
        return scaled


def inputs():
    h = jax.random.normal(jax.random.key(21), (2, 8))
    unembed = jax.random.normal(jax.random.key(22), (64, 8))
    return (jax.device_put(h, NamedSharding(mesh, P())),
            jax.device_put(unembed, NamedSharding(mesh, P("vocab"))))


def main(h, unembed):
    sampler = Sampler(SamplerConfig())
    f = jax.shard_map(sampler, mesh=mesh, in_specs=(P(), P("vocab")),
                      out_specs=P(None, None, reduced={"vocab"}))
    return f(h, unembed)
