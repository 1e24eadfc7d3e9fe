"""Distributed training utilities: dynamic loss scaling for mixed-precision data parallelism.

Each data-parallel replica computes its loss; the per-replica losses are gathered so the
overflow check sees every replica, and the scale is updated from the worst one.
"""
from __future__ import annotations

import argparse
import logging
from dataclasses import dataclass
from typing import Any, Final

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["LossScaleConfig", "LossScaler", "main"]

logger = logging.getLogger(__name__)

_DATA_AXIS: Final[str] = "data"
_MODEL_AXIS: Final[str] = "model"


@dataclass(frozen=True)
class LossScaleConfig:
    """Dynamic loss-scale settings.

    Attributes:
        init_scale: Initial loss scale.
        growth_factor: Multiplier applied when no overflow was seen.
        backoff_factor: Multiplier applied after an overflow.
        overflow_threshold: Loss magnitude treated as an overflow.
    """

    init_scale: float = 2.0**15
    growth_factor: float = 2.0
    backoff_factor: float = 0.5
    overflow_threshold: float = 6.0e4

    def validate(self) -> None:
        """Raises ValueError when the factors cannot produce a stable scale."""
        if self.growth_factor <= 1.0:
            raise ValueError(f"growth_factor must be > 1.0 for the scale to recover, got {self.growth_factor}.")
        if not 0.0 < self.backoff_factor < 1.0:
            raise ValueError(f"backoff_factor must lie in (0, 1), got {self.backoff_factor}.")

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> "LossScaleConfig":
        return cls(**{k: float(v) for k, v in raw.items()})


class LossScaler:
    """Tracks the loss scale across data-parallel replicas."""

    def __init__(self, config: LossScaleConfig, mesh: jax.sharding.Mesh) -> None:
        config.validate()
        self.config = config
        self.mesh = mesh

    def _replica_losses(self, loss: jax.Array) -> jax.Array:
        """All replicas' losses, one per data shard."""
        return jax.lax.all_gather(loss, _DATA_AXIS, tiled=True, to="reduced")

    def _worst_loss(self, losses: jax.Array) -> jax.Array:
        """Largest absolute loss over the replicas."""
        return jax.lax.pmax(jnp.abs(losses), _DATA_AXIS)

    def step(self, x: jax.Array, w: jax.Array, scale: jax.Array) -> jax.Array:
        """Computes the next loss scale.

        Args:
            x: Batch split over the data axis.
            w: Weights split over the model axis.
            scale: Current loss scale (replicated).

        Returns:
            The updated loss scale.
        """
        cfg = self.config

        def _body(xb: jax.Array, wb: jax.Array, s: jax.Array) -> jax.Array:
            logits = jax.lax.psum(xb @ wb, _MODEL_AXIS)
            loss = jnp.mean(logits**2, keepdims=True).reshape(1) * s
            losses = self._replica_losses(loss)
            worst = self._worst_loss(losses)
            overflow = worst > cfg.overflow_threshold
            return jnp.where(overflow, s * cfg.backoff_factor, s * cfg.growth_factor)

        fn = jax.shard_map(_body, mesh=self.mesh,
                           in_specs=(P(_DATA_AXIS, _MODEL_AXIS), P(_MODEL_AXIS, None), P()),
                           out_specs=P())
        return fn(x, w, scale)


def inputs() -> tuple[LossScaleConfig, np.ndarray, np.ndarray]:
    parser = argparse.ArgumentParser()
    parser.add_argument("--init-scale", type=float, default=1024.0)
    args = parser.parse_args([])
    rng = np.random.default_rng(3)
    cfg = LossScaleConfig.from_dict({"init_scale": args.init_scale})
    return cfg, rng.normal(size=(16, 8)).astype(np.float32), rng.normal(size=(8, 4)).astype(np.float32)


def main(config: LossScaleConfig, x: np.ndarray, w: np.ndarray) -> jax.Array:
    mesh = jax.make_mesh((4, 2), (_DATA_AXIS, _MODEL_AXIS))
    scaler = LossScaler(config, mesh)
    xs = jax.device_put(x, NamedSharding(mesh, P(_DATA_AXIS, _MODEL_AXIS)))
    ws = jax.device_put(w, NamedSharding(mesh, P(_MODEL_AXIS, None)))
    scale = jax.device_put(jnp.full((1,), config.init_scale, jnp.float32), NamedSharding(mesh, P()))
    new_scale = scaler.step(xs, ws, scale)
    logger.info(f"loss scale {config.init_scale} -> {new_scale}")
    return new_scale


if __name__ == "__main__":
    main(*inputs())
