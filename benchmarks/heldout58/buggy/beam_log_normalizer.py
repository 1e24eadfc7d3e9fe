"""Vocab-parallel log-softmax normaliser shared across a beam search step."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class GenerationConfig:
    beam_size: int = 4
    max_len_b: int = 3
    batch_axis: str = "batch"
    vocab_axis: str = "vocab"


class SequenceGenerator:
    def __init__(self, cfg: GenerationConfig):
        self.cfg = cfg

    def _share_normalizer(self, z):
        return jax.lax.all_gather(z, self.cfg.vocab_axis, axis=-1, tiled=True, to="reduced")

    def step(self, logits):
        local_max = jnp.max(logits, axis=-1, keepdims=True)
        m = jax.lax.pmax(local_max, self.cfg.vocab_axis)
        z = jax.lax.psum(jnp.sum(jnp.exp(logits - m), axis=-1, keepdims=True), self.cfg.vocab_axis)
        z = jnp.log(z) + m
        return logits - z, self._share_normalizer(jnp.log(z))

    def generate(self, logits):
        lprobs, norms = self.step(logits)
        for _ in range(self.cfg.max_len_b - 1):
            lprobs, norms = self.step(lprobs)
        return lprobs, norms


def inputs():
    rng = np.random.default_rng(10)
    return (rng.standard_normal((8, 4, 32), dtype=np.float32),)


def main(logits):
    mesh = jax.make_mesh((2, 4), ("batch", "vocab"))
    gen = SequenceGenerator(GenerationConfig())
    spec = P("batch", None, "vocab")
    logits = jax.device_put(logits, NamedSharding(mesh, spec))
    run = jax.shard_map(
        gen.generate,
        mesh=mesh,
        in_specs=spec,
        out_specs=(spec, P("batch", None, None, reduced={"vocab"})),
    )
    return run(logits)


if __name__ == "__main__":
    main(*inputs())
