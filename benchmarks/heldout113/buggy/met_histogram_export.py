"""Metrics aggregation: export score histograms for offline calibration analysis.

Histogram bins are split over the ``shard`` axis and examples over ``batch``. The exporter
first assembles all bins per batch shard, then everything, according to ``ExportPlan``.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from enum import Enum
from typing import Final

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["ExportPlan", "HistogramExporter", "main"]

logger = logging.getLogger(__name__)

MESH_AXES: Final[tuple[str, str]] = ("batch", "shard")


class Stage(str, Enum):
    BINS = "bins"
    ALL = "all"


@dataclass(frozen=True)
class ExportPlan:
    """Which gathers the exporter performs.

    Attributes:
        stages: Export stages in order.
        bins: Total number of bins.
    """

    stages: tuple[Stage, ...] = field(default=(Stage.BINS, Stage.ALL))
    bins: int = 8

    def validate(self) -> None:
        if self.bins % 2:
            raise ValueError(f"bins={self.bins} must be even to split over the shard axis.")


class HistogramExporter:
    """Builds and gathers soft histograms of model scores."""

    _STAGE_AXES: Final[dict[Stage, tuple[str, ...]]] = {
        Stage.BINS: (MESH_AXES[1],),
        Stage.ALL: MESH_AXES,
    }

    def __init__(self, plan: ExportPlan, mesh: jax.sharding.Mesh) -> None:
        plan.validate()
        self.plan = plan
        self.mesh = mesh

    def _local_hist(self, scores: jax.Array, centers: jax.Array) -> jax.Array:
        w = jnp.exp(-((scores[:, None] - centers[None, :]) ** 2) * 4.0)
        return jnp.sum(w, axis=0)

    def _body(self, scores: jax.Array, centers: jax.Array) -> jax.Array:
        hist = self._local_hist(scores, centers)
        for stage in self.plan.stages:
            hist = jax.lax.all_gather(hist, self._STAGE_AXES[stage], axis=0, tiled=True, to="reduced")
        return hist

    def export(self, scores: jax.Array, centers: jax.Array) -> jax.Array:
        fn = jax.shard_map(self._body, mesh=self.mesh, in_specs=(P(MESH_AXES[0]), P(MESH_AXES[1])),
                           out_specs=P(None, reduced=set(MESH_AXES)))
        return fn(scores, centers)


def inputs() -> tuple[ExportPlan, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(67)
    return ExportPlan(), rng.uniform(size=(16,)).astype(np.float32), np.linspace(0, 1, 8, dtype=np.float32)


def main(plan: ExportPlan, scores: np.ndarray, centers: np.ndarray) -> jax.Array:
    mesh = jax.make_mesh((4, 2), MESH_AXES)
    exporter = HistogramExporter(plan, mesh)
    hist = exporter.export(jax.device_put(scores, NamedSharding(mesh, P("batch"))),
                           jax.device_put(centers, NamedSharding(mesh, P("shard"))))
    logger.info(f"exported histogram {hist.shape}")
    return hist


if __name__ == "__main__":
    main(*inputs())
