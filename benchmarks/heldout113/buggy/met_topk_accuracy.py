"""Metrics aggregation: top-1 accuracy for a class-parallel classifier.

The class dimension of the logits is split over the ``shard`` axis. The evaluator assembles
the logits of all classes, finds the winning score with a max-reduction, and compares it
with the score of the true class.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, Final

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["AccuracyConfig", "top1_accuracy", "main"]

logger = logging.getLogger(__name__)

BATCH: Final[str] = "batch"
CLASSES: Final[str] = "shard"


@dataclass(frozen=True)
class AccuracyConfig:
    """Accuracy settings.

    Attributes:
        num_classes: Total number of classes.
        tie_tolerance: Scores within this distance of the max count as a hit.
    """

    num_classes: int = 8
    tie_tolerance: float = 0.0

    def validate(self) -> None:
        if self.tie_tolerance < 0.0:
            raise ValueError(f"tie_tolerance must be non-negative, got {self.tie_tolerance}.")

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> "AccuracyConfig":
        return cls(num_classes=int(raw.get("num_classes", 8)), tie_tolerance=float(raw.get("tie_tolerance", 0.0)))


def _all_class_logits(lg: jax.Array) -> jax.Array:
    return jax.lax.all_gather(lg, CLASSES, axis=1, tiled=True, to="reduced")


def _row_max(logits: jax.Array) -> jax.Array:
    """Max over the class dimension, completed across class shards."""
    shard_max = jax.lax.pmax(logits, CLASSES)
    return jnp.max(shard_max, axis=1, keepdims=True)


def top1_accuracy(config: AccuracyConfig, logits: jax.Array, labels: jax.Array,
                  mesh: jax.sharding.Mesh) -> jax.Array:
    """Fraction of examples whose true class has the maximal logit.

    Args:
        config: Accuracy settings.
        logits: Logits split (batch, shard).
        labels: Labels split over batch.
        mesh: The mesh.

    Returns:
        Accuracy as a scalar.
    """
    config.validate()

    def _body(lg: jax.Array, y: jax.Array) -> jax.Array:
        full = _all_class_logits(lg)
        best = _row_max(full)
        true_score = jnp.take_along_axis(full, y[:, None], axis=1)
        hits = (true_score + config.tie_tolerance >= best).astype(jnp.float32)
        return jax.lax.pmean(jnp.mean(hits), BATCH)

    fn = jax.shard_map(_body, mesh=mesh, in_specs=(P(BATCH, CLASSES), P(BATCH)), out_specs=P())
    return fn(logits, labels)


def inputs() -> tuple[AccuracyConfig, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(71)
    return (AccuracyConfig.from_dict({}), rng.normal(size=(16, 8)).astype(np.float32),
            rng.integers(0, 8, size=(16,)).astype(np.int32))


def main(config: AccuracyConfig, logits: np.ndarray, labels: np.ndarray) -> jax.Array:
    mesh = jax.make_mesh((4, 2), (BATCH, CLASSES))
    acc = top1_accuracy(config, jax.device_put(logits, NamedSharding(mesh, P(BATCH, CLASSES))),
                        jax.device_put(labels, NamedSharding(mesh, P(BATCH))), mesh)
    logger.info(f"top-1 accuracy {acc}")
    return acc


if __name__ == "__main__":
    main(*inputs())
