"""Conformer self-attention with heads split over tp; attention entropy is logged per step."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class AttnConfig:
    heads: int = 4
    head_axis: str = "tp"
    log_axes: tuple = ("dp",)


class SelfAttention:
    def __init__(self, cfg):
        self.cfg = cfg

    def normaliser(self, scores):
        peak = jax.lax.pmax(scores.max(axis=-1, keepdims=True), self.cfg.head_axis)
        denom = jax.lax.psum(jnp.exp(scores - peak).sum(axis=-1, keepdims=True), self.cfg.head_axis)
        return peak, denom

    def __call__(self, scores):
        peak, denom = self.normaliser(scores)
        probs = jnp.exp(scores - peak) / denom
        entropy = jax.lax.pmean(jnp.log(denom).mean(), self.cfg.log_axes)
        return probs, entropy


def inputs():
    rng = np.random.default_rng(24)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(scores):
    mesh = jax.make_mesh((4, 2), ("dp", "tp"))
    scores = jax.device_put(scores, NamedSharding(mesh, P("dp", "tp")))
    attn = SelfAttention(AttnConfig())
    return jax.shard_map(attn, mesh=mesh, in_specs=P("dp", "tp"), out_specs=(P("dp", "tp"), P()))(scores)


if __name__ == "__main__":
    print(main(*inputs()))
