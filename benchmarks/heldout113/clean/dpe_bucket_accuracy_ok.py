"""Data-parallel evaluation script: accuracy per length bucket, averaged over the mesh.

The classifier head is row-parallel (hidden split over ``model``), so the logits are
completed with a psum. Per-bucket accuracies are then averaged over every mesh axis, as
the script does for all its scalar metrics.
"""
from __future__ import annotations

import argparse
import logging
from dataclasses import dataclass
from typing import Final

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["BucketConfig", "bucket_accuracy", "main"]

logger = logging.getLogger(__name__)

DATA: Final[str] = "data"
MODEL: Final[str] = "model"


@dataclass(frozen=True)
class BucketConfig:
    """Bucketing settings.

    Attributes:
        num_buckets: Number of length buckets.
        max_length: Longest sequence length.
    """

    num_buckets: int = 4
    max_length: int = 64

    def validate(self) -> None:
        if self.max_length < self.num_buckets:
            raise ValueError(f"max_length={self.max_length} must be >= num_buckets={self.num_buckets}.")


def _bucket_ids(lengths: jax.Array, config: BucketConfig) -> jax.Array:
    width = config.max_length // config.num_buckets
    return jnp.clip(lengths // width, 0, config.num_buckets - 1)


def bucket_accuracy(config: BucketConfig, h: jax.Array, w: jax.Array, labels: jax.Array,
                    lengths: jax.Array, mesh: jax.sharding.Mesh) -> jax.Array:
    """Accuracy per length bucket.

    Args:
        config: Bucketing settings.
        h: Hidden states split (data, model).
        w: Head split over its input dimension (model).
        labels: Labels split over data.
        lengths: Sequence lengths split over data.
        mesh: The mesh.

    Returns:
        Per-bucket accuracy.
    """
    config.validate()
    metric_axes = (DATA,)

    def _body(hb: jax.Array, wb: jax.Array, yb: jax.Array, lb: jax.Array) -> jax.Array:
        logits = jax.lax.psum(hb @ wb, MODEL)
        correct = (jnp.argmax(logits, axis=-1) == yb).astype(jnp.float32)
        onehot = jax.nn.one_hot(_bucket_ids(lb, config), config.num_buckets)
        per_bucket = (correct @ onehot) / jnp.maximum(jnp.sum(onehot, axis=0), 1.0)
        return jax.lax.pmean(per_bucket, axis_name=metric_axes)

    fn = jax.shard_map(_body, mesh=mesh, in_specs=(P(DATA, MODEL), P(MODEL, None), P(DATA), P(DATA)),
                       out_specs=P())
    return fn(h, w, labels, lengths)


def inputs() -> tuple[BucketConfig, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    parser = argparse.ArgumentParser()
    parser.add_argument("--num-buckets", type=int, default=4)
    args = parser.parse_args([])
    rng = np.random.default_rng(137)
    return (BucketConfig(num_buckets=args.num_buckets), rng.normal(size=(16, 8)).astype(np.float32),
            rng.normal(size=(8, 3)).astype(np.float32), rng.integers(0, 3, size=(16,)).astype(np.int32),
            rng.integers(1, 64, size=(16,)).astype(np.int32))


def main(config: BucketConfig, h: np.ndarray, w: np.ndarray, labels: np.ndarray, lengths: np.ndarray) -> jax.Array:
    mesh = jax.make_mesh((4, 2), (DATA, MODEL))
    put = lambda a, s: jax.device_put(a, NamedSharding(mesh, s))
    acc = bucket_accuracy(config, put(h, P(DATA, MODEL)), put(w, P(MODEL, None)), put(labels, P(DATA)),
                          put(lengths, P(DATA)), mesh)
    logger.info(f"bucket accuracy {acc}")
    return acc


if __name__ == "__main__":
    main(*inputs())
