"""Distributed training utilities: gradient-norm tracking for a tensor-parallel MLP.

Computes the per-shard gradient norm of a column-parallel dense layer and gathers the
per-replica norms for logging on the host.
"""
from __future__ import annotations

import argparse
import logging
from dataclasses import dataclass
from enum import Enum
from typing import Any, Final, Optional

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["ParallelMode", "TrainerConfig", "run_grad_norm_tracking", "main"]

logger = logging.getLogger(__name__)

DEFAULT_MESH_SHAPE: Final[tuple[int, int]] = (4, 2)


class ParallelMode(str, Enum):
    """How the trainer splits work across the mesh."""

    DATA = "data"
    TENSOR = "tensor"
    HYBRID = "hybrid"


@dataclass(frozen=True)
class TrainerConfig:
    """Configuration for the gradient-norm tracker.

    Attributes:
        data_axis: Name of the data-parallel mesh axis.
        model_axis: Name of the tensor-parallel mesh axis.
        mode: Parallelism mode of the run.
        log_axis: Axis over which norms are collected for logging. Defaults to the
            model axis when not set.
    """

    data_axis: str = "data"
    model_axis: str = "model"
    mode: ParallelMode = ParallelMode.HYBRID
    log_axis: Optional[str] = None

    def validate(self) -> None:
        """Checks the configuration for consistency.

        Raises:
            ValueError: If the axis names collide.
        """
        if self.data_axis == self.model_axis:
            raise ValueError(
                f"data_axis and model_axis must differ, got {self.data_axis!r} for both; "
                "a hybrid run needs two distinct mesh axes."
            )

    @property
    def resolved_log_axis(self) -> str:
        """The axis used to gather norms for logging."""
        return self.log_axis if self.log_axis is not None else self.model_axis

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> "TrainerConfig":
        """Builds a config from a plain dictionary (e.g. parsed YAML)."""
        mode = ParallelMode(raw.get("mode", ParallelMode.HYBRID.value))
        return cls(
            data_axis=raw.get("data_axis", "data"),
            model_axis=raw.get("model_axis", "model"),
            mode=mode,
            log_axis=raw.get("log_axis"),
        )


def _build_mesh(config: TrainerConfig) -> jax.sharding.Mesh:
    """Creates the device mesh for the configured axes."""
    return jax.make_mesh(DEFAULT_MESH_SHAPE, (config.data_axis, config.model_axis))


def _local_grad_sq_norm(x: jax.Array, w: jax.Array, y: jax.Array) -> jax.Array:
    """Squared norm of the local gradient shard of a column-parallel layer."""
    pred = jnp.tanh(x @ w)
    resid = pred - y
    grad = x.T @ (resid * (1.0 - pred**2)) / x.shape[0]
    return jnp.sum(grad**2, keepdims=True)


def _gather_for_logging(value: jax.Array, axis: str) -> jax.Array:
    """Collects a per-device scalar over ``axis`` so the host can log every entry."""
    return jax.lax.all_gather(value, axis, tiled=True, to="reduced")


def run_grad_norm_tracking(config: TrainerConfig, x: np.ndarray, w: np.ndarray,
                           y: np.ndarray) -> jax.Array:
    """Runs one tracking step and returns the gathered norms.

    Args:
        config: Trainer configuration.
        x: Inputs of shape (batch, features).
        w: Weights of shape (features, hidden).
        y: Targets of shape (batch, hidden).

    Returns:
        The gradient norms gathered over the log axis.

    Raises:
        ValueError: If the configuration is invalid.
    """
    config.validate()
    mesh = _build_mesh(config)
    d, m = config.data_axis, config.model_axis
    log_axis = config.resolved_log_axis
    logger.info(f"tracking grad norms in mode={config.mode.value} log_axis={log_axis}")

    x = jax.device_put(x, NamedSharding(mesh, P(d, None)))
    w = jax.device_put(w, NamedSharding(mesh, P(None, m)))
    y = jax.device_put(y, NamedSharding(mesh, P(d, m)))

    def _step(xb: jax.Array, wb: jax.Array, yb: jax.Array) -> jax.Array:
        sq = _local_grad_sq_norm(xb, wb, yb)
        match config.mode:
            case ParallelMode.TENSOR | ParallelMode.HYBRID:
                sq = jax.lax.psum(sq, m)
            case ParallelMode.DATA:
                pass
        norm = jnp.sqrt(sq)
        return _gather_for_logging(norm, log_axis)

    out_spec = P(d, reduced={log_axis}) if log_axis != d else P(reduced={log_axis})
    fn = jax.shard_map(_step, mesh=mesh, in_specs=(P(d, None), P(None, m), P(d, m)),
                       out_specs=out_spec)
    return fn(x, w, y)


def inputs() -> tuple[TrainerConfig, np.ndarray, np.ndarray, np.ndarray]:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mode", default=ParallelMode.HYBRID.value,
                        choices=[m.value for m in ParallelMode])
    args = parser.parse_args([])
    config = TrainerConfig.from_dict({"mode": args.mode, "log_axis": "data"})
    rng = np.random.default_rng(0)
    x = rng.normal(size=(16, 8)).astype(np.float32)
    w = rng.normal(size=(8, 4)).astype(np.float32) * 0.1
    y = rng.normal(size=(16, 4)).astype(np.float32)
    return config, x, w, y


def main(config: TrainerConfig, x: np.ndarray, w: np.ndarray, y: np.ndarray) -> jax.Array:
    logging.basicConfig(level=logging.INFO)
    norms = run_grad_norm_tracking(config, x, w, y)
    logger.info(f"grad norms shape={norms.shape}")
    return norms


if __name__ == "__main__":
    main(*inputs())
