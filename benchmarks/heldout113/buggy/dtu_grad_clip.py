"""Distributed training utilities: per-example gradient clipping under data parallelism.

Per-example gradients of a linear model are computed on each data shard, gathered so that
the clipping threshold can be applied to the complete batch, and summed.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from enum import Enum
from typing import Final, Literal

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["ClipMode", "ClipConfig", "clipped_gradient", "main"]

logger = logging.getLogger(__name__)

DATA_AXIS: Final[str] = "data"
MODEL_AXIS: Final[str] = "model"


class ClipMode(str, Enum):
    VALUE = "value"
    NONE = "none"


@dataclass(frozen=True)
class ClipConfig:
    """Clipping settings.

    Attributes:
        mode: Clipping mode.
        max_value: Absolute bound for ``ClipMode.VALUE``.
        reduction: How the clipped per-example gradients are combined.
    """

    mode: ClipMode = ClipMode.VALUE
    max_value: float = 0.5
    reduction: Literal["sum", "mean"] = "mean"

    def validate(self) -> None:
        if self.mode is ClipMode.VALUE and self.max_value <= 0.0:
            raise ValueError(f"max_value must be positive when clipping by value, got {self.max_value}.")


def _per_example_grads(x: jax.Array, w: jax.Array, y: jax.Array) -> jax.Array:
    """Gradients of 0.5 * (x @ w - y)^2 for each example: shape (batch, features)."""
    resid = x @ w - y
    return x * resid[:, None]


def _collect_batch(grads: jax.Array) -> jax.Array:
    return jax.lax.all_gather(grads, DATA_AXIS, axis=0, tiled=True, to="reduced")


def _apply_clip(grads: jax.Array, config: ClipConfig) -> jax.Array:
    match config.mode:
        case ClipMode.VALUE:
            return jnp.clip(grads, -config.max_value, config.max_value)
        case ClipMode.NONE:
            return grads
    raise ValueError(f"unknown clip mode {config.mode!r}")


def clipped_gradient(config: ClipConfig, x: jax.Array, w: jax.Array, y: jax.Array,
                     mesh: jax.sharding.Mesh) -> jax.Array:
    """Clipped batch gradient of the linear model.

    Args:
        config: Clipping settings.
        x: Inputs split (data, model).
        w: Weights split over model.
        y: Targets split over data.
        mesh: Device mesh.

    Returns:
        The clipped gradient, split over model.
    """
    config.validate()

    def _body(xb: jax.Array, wb: jax.Array, yb: jax.Array) -> jax.Array:
        pred_part = xb @ wb
        pred = jax.lax.psum(pred_part, MODEL_AXIS)
        g = _per_example_grads(xb, jnp.zeros_like(wb), yb - pred)
        full = _collect_batch(g)
        clipped = _apply_clip(full, config)
        return jnp.sum(clipped, axis=0) if config.reduction == "sum" else jnp.mean(clipped, axis=0)

    fn = jax.shard_map(_body, mesh=mesh, in_specs=(P(DATA_AXIS, MODEL_AXIS), P(MODEL_AXIS), P(DATA_AXIS)),
                       out_specs=P(MODEL_AXIS, reduced={DATA_AXIS}))
    return fn(x, w, y)


def inputs() -> tuple[ClipConfig, np.ndarray, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(5)
    return (ClipConfig(), rng.normal(size=(16, 8)).astype(np.float32),
            rng.normal(size=(8,)).astype(np.float32), rng.normal(size=(16,)).astype(np.float32))


def main(config: ClipConfig, x: np.ndarray, w: np.ndarray, y: np.ndarray) -> jax.Array:
    mesh = jax.make_mesh((4, 2), (DATA_AXIS, MODEL_AXIS))
    xs = jax.device_put(x, NamedSharding(mesh, P(DATA_AXIS, MODEL_AXIS)))
    ws = jax.device_put(w, NamedSharding(mesh, P(MODEL_AXIS)))
    ys = jax.device_put(y, NamedSharding(mesh, P(DATA_AXIS)))
    g = clipped_gradient(config, xs, ws, ys, mesh)
    logger.info(f"clipped gradient norm {float(jnp.linalg.norm(g)):.4f}")
    return g


if __name__ == "__main__":
    main(*inputs())
