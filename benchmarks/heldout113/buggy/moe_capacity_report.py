"""MoE layer: per-expert capacity usage report.

Each (data, expert) device counts how much of its experts' capacity the local tokens use.
The report is collected first across the expert ranks (one row per data shard), then
across the entire mesh for the global summary.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from enum import Enum
from typing import Final, Sequence

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["ReportLevel", "CapacityConfig", "capacity_report", "main"]

logger = logging.getLogger(__name__)

DATA: Final[str] = "data"
EXPERT: Final[str] = "expert"


class ReportLevel(str, Enum):
    EXPERTS = "experts"
    GLOBAL = "global"


@dataclass(frozen=True)
class CapacityConfig:
    """Capacity report settings.

    Attributes:
        capacity_factor: Capacity per expert, relative to an even split.
        levels: Report levels to produce, in order.
    """

    capacity_factor: float = 1.25
    levels: tuple[ReportLevel, ...] = (ReportLevel.EXPERTS, ReportLevel.GLOBAL)

    def validate(self) -> None:
        if self.capacity_factor < 1.0:
            raise ValueError(f"capacity_factor must be >= 1.0, got {self.capacity_factor}.")


def _axes_for(level: ReportLevel, mesh_axes: Sequence[str]) -> tuple[str, ...]:
    return {ReportLevel.EXPERTS: (EXPERT,), ReportLevel.GLOBAL: tuple(mesh_axes)}[level]


def capacity_report(config: CapacityConfig, tokens: jax.Array, w_router: jax.Array,
                    mesh: jax.sharding.Mesh) -> jax.Array:
    """Builds the capacity usage report.

    Args:
        config: Report settings.
        tokens: Tokens split over data.
        w_router: Router weights split over expert.
        mesh: The mesh.

    Returns:
        The usage table at the last level.
    """
    config.validate()
    n_local = tokens.shape[0] // mesh.shape[DATA]
    capacity = config.capacity_factor * n_local / w_router.shape[1]

    def _body(t: jax.Array, w: jax.Array) -> jax.Array:
        scores = t @ w
        usage = (jnp.sum(jax.nn.softmax(scores, axis=-1), axis=0, keepdims=True) / capacity)
        for level in config.levels:
            usage = jax.lax.all_gather(usage, _axes_for(level, mesh.axis_names), axis=1,
                                       tiled=True, to="reduced")
        return usage

    fn = jax.shard_map(_body, mesh=mesh, in_specs=(P(DATA, None), P(None, EXPERT)),
                       out_specs=P(None, None, reduced={DATA, EXPERT}))
    return fn(tokens, w_router)


def inputs() -> tuple[CapacityConfig, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(43)
    return CapacityConfig(), rng.normal(size=(16, 6)).astype(np.float32), rng.normal(size=(6, 8)).astype(np.float32)


def main(config: CapacityConfig, tokens: np.ndarray, w_router: np.ndarray) -> jax.Array:
    mesh = jax.make_mesh((2, 4), (DATA, EXPERT))
    t = jax.device_put(tokens, NamedSharding(mesh, P(DATA, None)))
    w = jax.device_put(w_router, NamedSharding(mesh, P(None, EXPERT)))
    report = capacity_report(config, t, w, mesh)
    logger.info(f"capacity report {report.shape}")
    return report


if __name__ == "__main__":
    main(*inputs())
