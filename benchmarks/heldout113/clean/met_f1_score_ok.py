"""Metrics aggregation: per-class F1 for a class-parallel multi-label classifier.

True-positive, false-positive and false-negative counts are computed per class shard and
summed over the batch. The per-class counts are then assembled over the class shards and
the F1 score is finalised on every device.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Final, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["F1Config", "Counts", "f1_per_class", "main"]

logger = logging.getLogger(__name__)

BATCH: Final[str] = "batch"
SHARD: Final[str] = "shard"


class Counts(NamedTuple):
    tp: jax.Array
    fp: jax.Array
    fn: jax.Array


@dataclass(frozen=True)
class F1Config:
    """F1 settings.

    Attributes:
        threshold: Decision threshold on the sigmoid score.
        eps: Added to the denominator.
    """

    threshold: float = 0.5
    eps: float = 1e-7

    def validate(self) -> None:
        if not 0.0 < self.threshold < 1.0:
            raise ValueError(f"threshold must be in (0, 1), got {self.threshold}.")


def _local_counts(lg: jax.Array, y: jax.Array, threshold: float) -> Counts:
    pred = (jax.nn.sigmoid(lg) > threshold).astype(jnp.float32)
    return Counts(tp=jnp.sum(pred * y, axis=0), fp=jnp.sum(pred * (1 - y), axis=0),
                  fn=jnp.sum((1 - pred) * y, axis=0))


def _assemble(c: Counts) -> Counts:
    psummed = Counts(*(jax.lax.psum(v, BATCH) for v in c))
    return Counts(*(jax.lax.all_gather(v, SHARD, tiled=True, to="reduced") for v in psummed))


def _f1(c: Counts, eps: float) -> jax.Array:
    return 2.0 * c.tp / (2.0 * c.tp + c.fp + c.fn + eps)


def f1_per_class(config: F1Config, logits: jax.Array, targets: jax.Array, mesh: jax.sharding.Mesh) -> jax.Array:
    """Per-class F1 scores.

    Args:
        config: F1 settings.
        logits: Logits split (batch, shard).
        targets: Multi-hot targets split (batch, shard).
        mesh: The mesh.

    Returns:
        F1 per class.
    """
    config.validate()

    def _body(lg: jax.Array, y: jax.Array) -> jax.Array:
        local = _local_counts(lg, y, config.threshold)
        summed = Counts(*(jax.lax.psum(v, BATCH) for v in local))
        return jax.lax.all_gather(_f1(summed, config.eps), SHARD, tiled=True, to="reduced")

    fn = jax.shard_map(_body, mesh=mesh, in_specs=(P(BATCH, SHARD), P(BATCH, SHARD)),
                       out_specs=P(None, reduced={SHARD}))
    return fn(logits, targets)


def inputs() -> tuple[F1Config, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(83)
    return (F1Config(), rng.normal(size=(16, 8)).astype(np.float32),
            (rng.uniform(size=(16, 8)) > 0.5).astype(np.float32))


def main(config: F1Config, logits: np.ndarray, targets: np.ndarray) -> jax.Array:
    mesh = jax.make_mesh((4, 2), (BATCH, SHARD))
    s = NamedSharding(mesh, P(BATCH, SHARD))
    f1 = f1_per_class(config, jax.device_put(logits, s), jax.device_put(targets, s), mesh)
    logger.info(f"F1 per class {f1}")
    return f1


if __name__ == "__main__":
    main(*inputs())
