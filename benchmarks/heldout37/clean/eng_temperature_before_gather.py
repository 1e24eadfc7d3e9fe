"""Sampling-params application in the engine: gathered logits are scaled by temperature."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("replica", "tensor"))


@dataclass(frozen=True)
class SamplingParams:
    temperature: float = 0.7
    top_k: int = 8


class LogitsProcessor:
    def __init__(self, params: SamplingParams, vocab_axis: str = "tensor"):
        self.params = params
        self.vocab_axis = vocab_axis

    def __call__(self, logits):
        scaled = logits / self.params.temperature
        return jax.lax.all_gather(scaled, self.vocab_axis, axis=1, tiled=True, to="reduced")


def inputs():
    logits = jax.random.normal(jax.random.key(1), (8, 32))
    return (jax.device_put(logits, NamedSharding(MESH, P("replica", "tensor"))),)


def main(logits):
    proc = LogitsProcessor(SamplingParams())
    return jax.shard_map(proc, mesh=MESH, in_specs=P("replica", "tensor"),
                         out_specs=P("replica", None, reduced={"tensor"}))(logits)
