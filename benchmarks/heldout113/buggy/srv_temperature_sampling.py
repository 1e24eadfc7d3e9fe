"""Inference server helpers: temperature sampling from vocabulary-parallel logits.

The output layer is vocabulary-parallel: each TP shard holds a slice of the vocabulary.
The sampler assembles the vocabulary, applies the request's temperature and samples
greedily or by Gumbel-max.
"""
from __future__ import annotations

import argparse
import logging
from dataclasses import dataclass
from enum import Enum
from typing import Any, Final

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["SamplingMode", "SamplingParams", "sample_tokens", "main"]

logger = logging.getLogger(__name__)

REPLICA_AXIS: Final[str] = "replica"
VOCAB_AXIS: Final[str] = "tp"


class SamplingMode(str, Enum):
    GREEDY = "greedy"
    TEMPERATURE = "temperature"


@dataclass(frozen=True)
class SamplingParams:
    """Per-request sampling parameters.

    Attributes:
        mode: Sampling mode.
        temperature: Softmax temperature for ``SamplingMode.TEMPERATURE``.
        seed: PRNG seed.
    """

    mode: SamplingMode = SamplingMode.TEMPERATURE
    temperature: float = 0.7
    seed: int = 0

    def validate(self) -> None:
        if self.mode is SamplingMode.TEMPERATURE and self.temperature <= 0.0:
            raise ValueError(
                f"temperature must be > 0 for temperature sampling, got {self.temperature}; "
                "use SamplingMode.GREEDY for argmax decoding."
            )

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> "SamplingParams":
        return cls(mode=SamplingMode(raw.get("mode", "temperature")),
                   temperature=float(raw.get("temperature", 0.7)),
                   seed=int(raw.get("seed", 0)))


def _full_vocab(logits: jax.Array) -> jax.Array:
    return jax.lax.all_gather(logits, VOCAB_AXIS, axis=1, tiled=True, to="reduced")


def _scaled(logits: jax.Array, params: SamplingParams) -> jax.Array:
    match params.mode:
        case SamplingMode.GREEDY:
            return logits
        case SamplingMode.TEMPERATURE:
            return logits / params.temperature
    raise ValueError(f"unsupported sampling mode {params.mode!r}")


def sample_tokens(params: SamplingParams, logits: jax.Array, noise: jax.Array,
                  mesh: jax.sharding.Mesh) -> jax.Array:
    """Samples one token per request.

    Args:
        params: Sampling parameters.
        logits: Vocabulary-parallel logits (requests, vocab).
        noise: Gumbel noise of the same shape, split the same way.
        mesh: Serving mesh.

    Returns:
        Token ids, one per request.
    """
    params.validate()

    def _body(lg: jax.Array, g: jax.Array) -> jax.Array:
        full = _full_vocab(lg)
        scores = _scaled(full, params)
        g_full = jax.lax.all_gather(g, VOCAB_AXIS, axis=1, tiled=True, to="invarying")
        return jnp.argmax(scores + g_full, axis=-1)

    fn = jax.shard_map(_body, mesh=mesh, in_specs=(P(REPLICA_AXIS, VOCAB_AXIS),) * 2,
                       out_specs=P(REPLICA_AXIS))
    return fn(logits, noise)


def inputs() -> tuple[SamplingParams, np.ndarray, np.ndarray]:
    parser = argparse.ArgumentParser()
    parser.add_argument("--temperature", type=float, default=0.7)
    args = parser.parse_args([])
    rng = np.random.default_rng(12)
    return (SamplingParams.from_dict({"temperature": args.temperature}),
            rng.normal(size=(4, 16)).astype(np.float32), rng.gumbel(size=(4, 16)).astype(np.float32))


def main(params: SamplingParams, logits: np.ndarray, noise: np.ndarray) -> jax.Array:
    mesh = jax.make_mesh((2, 4), (REPLICA_AXIS, VOCAB_AXIS))
    spec = NamedSharding(mesh, P(REPLICA_AXIS, VOCAB_AXIS))
    tokens = sample_tokens(params, jax.device_put(logits, spec), jax.device_put(noise, spec), mesh)
    logger.info(f"sampled {tokens}")
    return tokens


if __name__ == "__main__":
    main(*inputs())
