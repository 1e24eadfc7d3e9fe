"""Metrics aggregation: snapshot streaming metric states for the evaluation dashboard.

Streaming states (a sum table over examples x buckets) live split over (batch, shard).
``snapshot`` materialises the bucket dimension on every shard so the host can read the
per-batch rows without a second transfer.
"""
from __future__ import annotations

import logging
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Final, Iterator

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

__all__ = ["SnapshotConfig", "MetricStore", "main"]

logger = logging.getLogger(__name__)

BATCH: Final[str] = "batch"
SHARD: Final[str] = "shard"


@dataclass(frozen=True)
class SnapshotConfig:
    """Snapshot settings.

    Attributes:
        buckets: Number of metric buckets.
        rows: Number of tracked rows.
    """

    buckets: int = 8
    rows: int = 8

    def validate(self) -> None:
        if self.buckets <= 0 or self.rows <= 0:
            raise ValueError(f"buckets and rows must be positive, got buckets={self.buckets}, rows={self.rows}.")


class MetricStore:
    """Holds streaming metric states on a (batch, shard) mesh."""

    def __init__(self, config: SnapshotConfig, mesh: Mesh) -> None:
        config.validate()
        self.config = config
        self.mesh = mesh
        self._sharding = NamedSharding(mesh, P(BATCH, SHARD))
        self.state = jax.device_put(np.zeros((config.rows, config.buckets), np.float32), self._sharding)

    @contextmanager
    def _on_mesh(self) -> Iterator[None]:
        """Enters the store's mesh for the duration of a snapshot."""
        with jax.set_mesh(self.mesh):
            yield

    def update(self, values: np.ndarray) -> None:
        self.state = jax.jit(lambda s, v: s + v, out_shardings=self._sharding)(
            self.state, jax.device_put(values, self._sharding))

    def snapshot(self) -> jax.Array:
        """Gathers the bucket dimension.

        Returns:
            The state with full bucket rows per batch shard.
        """
        with self._on_mesh():
            return top_level_all_gather(self.state, P(BATCH, None, reduced={SHARD}))


def inputs() -> tuple[SnapshotConfig, np.ndarray]:
    return SnapshotConfig(), np.random.default_rng(73).uniform(size=(8, 8)).astype(np.float32)


def main(config: SnapshotConfig, values: np.ndarray) -> jax.Array:
    mesh = jax.make_mesh((4, 2), (BATCH, SHARD))
    store = MetricStore(config, mesh)
    store.update(values)
    snap = store.snapshot()
    logger.info(f"snapshot {snap.shape}")
    return snap


if __name__ == "__main__":
    main(*inputs())
