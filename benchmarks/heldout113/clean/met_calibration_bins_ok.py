"""Metrics aggregation: expected calibration error with bins scattered over the mesh.

Each device accumulates confidence/accuracy bins for its examples; the class-parallel
confidence is completed over the ``shard`` axis first. The bin table is then reduced and
scattered over every device so that each one finalises a slice of the bins.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from enum import Enum
from typing import Final

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["ScatterMode", "ECEConfig", "calibration_bins", "main"]

logger = logging.getLogger(__name__)

BATCH_AXIS: Final[str] = "batch"
SHARD_AXIS: Final[str] = "shard"


class ScatterMode(str, Enum):
    BATCH_ONLY = "batch_only"
    FULL_MESH = "full_mesh"


@dataclass(frozen=True)
class ECEConfig:
    """Calibration settings.

    Attributes:
        num_bins: Number of confidence bins (divisible by the device count).
        scatter: Which axes the bin table is scattered over.
    """

    num_bins: int = 16
    scatter: ScatterMode = ScatterMode.BATCH_ONLY

    def validate(self, num_devices: int) -> None:
        if self.num_bins % num_devices:
            raise ValueError(f"num_bins={self.num_bins} must be divisible by the {num_devices} devices.")

    def scatter_axes(self) -> tuple[str, ...]:
        match self.scatter:
            case ScatterMode.BATCH_ONLY:
                return (BATCH_AXIS,)
            case ScatterMode.FULL_MESH:
                return (BATCH_AXIS, SHARD_AXIS)
        raise ValueError(f"unknown scatter mode {self.scatter!r}")


def _confidence(lg: jax.Array) -> jax.Array:
    """Max-probability confidence; the softmax normaliser spans the class shards."""
    e = jnp.exp(lg)
    z = jax.lax.psum(jnp.sum(e, axis=1), SHARD_AXIS)
    return jax.lax.pmax(jnp.max(e, axis=1), SHARD_AXIS) / z


def calibration_bins(config: ECEConfig, logits: jax.Array, mesh: jax.sharding.Mesh) -> jax.Array:
    """Builds the scattered bin table.

    Args:
        config: Calibration settings.
        logits: Logits split (batch, shard).
        mesh: The mesh.

    Returns:
        Bin counts, each device holding a slice.
    """
    config.validate(mesh.size)
    centers = jnp.linspace(0.0, 1.0, config.num_bins)

    def _body(lg: jax.Array) -> jax.Array:
        conf = _confidence(lg)
        table = jnp.sum(jnp.exp(-((conf[:, None] - centers[None, :]) ** 2) * 50.0), axis=0)
        return jax.lax.psum_scatter(table, config.scatter_axes(), scatter_dimension=0, tiled=True)

    out = P(config.scatter_axes())
    fn = jax.shard_map(_body, mesh=mesh, in_specs=P(BATCH_AXIS, SHARD_AXIS), out_specs=out)
    return fn(logits)


def inputs() -> tuple[ECEConfig, np.ndarray]:
    return ECEConfig(), np.random.default_rng(79).normal(size=(16, 8)).astype(np.float32)


def main(config: ECEConfig, logits: np.ndarray) -> jax.Array:
    mesh = jax.make_mesh((4, 2), (BATCH_AXIS, SHARD_AXIS))
    bins = calibration_bins(config, jax.device_put(logits, NamedSharding(mesh, P(BATCH_AXIS, SHARD_AXIS))), mesh)
    logger.info(f"calibration bins {bins.shape}")
    return bins


if __name__ == "__main__":
    main(*inputs())
