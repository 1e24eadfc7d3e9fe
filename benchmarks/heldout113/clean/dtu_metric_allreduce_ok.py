"""Distributed training utilities: average training metrics across the whole mesh.

The loss of a row-parallel projection is completed by a psum over the model axis; the
metric reducer then averages it over the axes that the parallel mode spans.
"""
from __future__ import annotations

import argparse
import logging
from dataclasses import dataclass
from enum import Enum
from typing import Any, Callable

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["ParallelMode", "MetricsConfig", "compute_metrics", "main"]

logger = logging.getLogger(__name__)


class ParallelMode(str, Enum):
    DATA = "data"
    HYBRID = "hybrid"


@dataclass(frozen=True)
class MetricsConfig:
    """Metric reduction settings.

    Attributes:
        mode: Parallel mode of the run.
        data_axis: Data-parallel axis name.
        model_axis: Tensor-parallel axis name.
    """

    mode: ParallelMode = ParallelMode.HYBRID
    data_axis: str = "data"
    model_axis: str = "model"

    def validate(self) -> None:
        if not self.data_axis or not self.model_axis:
            raise ValueError(
                f"both axis names must be non-empty strings, got data_axis={self.data_axis!r}, "
                f"model_axis={self.model_axis!r}."
            )

    @property
    def reduce_axes(self) -> tuple[str, ...]:
        """Axes a metric is averaged over for the configured mode."""
        if self.mode is ParallelMode.HYBRID:
            return (self.data_axis, self.model_axis)
        return (self.data_axis,)

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> "MetricsConfig":
        return cls(mode=ParallelMode(raw.get("mode", "hybrid")),
                   data_axis=raw.get("data_axis", "data"),
                   model_axis=raw.get("model_axis", "model"))


def _mse(pred: jax.Array, target: jax.Array) -> jax.Array:
    return jnp.mean((pred - target) ** 2)


def _mae(pred: jax.Array, target: jax.Array) -> jax.Array:
    return jnp.mean(jnp.abs(pred - target))


_METRICS: dict[str, Callable[[jax.Array, jax.Array], jax.Array]] = {"mse": _mse, "mae": _mae}


def compute_metrics(config: MetricsConfig, x: jax.Array, w: jax.Array, y: jax.Array,
                    mesh: jax.sharding.Mesh) -> dict[str, jax.Array]:
    """Computes mesh-averaged metrics of a row-parallel projection.

    Args:
        config: Reduction settings.
        x: Activations split (data, model).
        w: Kernel split over its input dimension (model).
        y: Targets split over data.
        mesh: The device mesh.

    Returns:
        A dict of scalar metrics.
    """
    config.validate()
    d, m = config.data_axis, config.model_axis

    def _body(xb: jax.Array, wb: jax.Array, yb: jax.Array) -> dict[str, jax.Array]:
        pred = jax.lax.psum(xb @ wb, m)
        out: dict[str, jax.Array] = {}
        for name, fn in _METRICS.items():
            out[name] = jax.lax.pmean(fn(pred, yb), config.reduce_axes)
        return out

    fn = jax.shard_map(_body, mesh=mesh, in_specs=(P(d, m), P(m, None), P(d, None)),
                       out_specs={name: P() for name in _METRICS})
    return fn(x, w, y)


def inputs() -> tuple[MetricsConfig, np.ndarray, np.ndarray, np.ndarray]:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mode", default="data")
    args = parser.parse_args([])
    rng = np.random.default_rng(11)
    return (MetricsConfig.from_dict({"mode": args.mode}),
            rng.normal(size=(16, 8)).astype(np.float32),
            rng.normal(size=(8, 4)).astype(np.float32),
            rng.normal(size=(16, 4)).astype(np.float32))


def main(config: MetricsConfig, x: np.ndarray, w: np.ndarray, y: np.ndarray) -> dict[str, jax.Array]:
    mesh = jax.make_mesh((4, 2), (config.data_axis, config.model_axis))
    d, m = config.data_axis, config.model_axis
    xs = jax.device_put(x, NamedSharding(mesh, P(d, m)))
    ws = jax.device_put(w, NamedSharding(mesh, P(m, None)))
    ys = jax.device_put(y, NamedSharding(mesh, P(d, None)))
    metrics = compute_metrics(config, xs, ws, ys, mesh)
    logger.info(f"metrics: {metrics}")
    return metrics


if __name__ == "__main__":
    main(*inputs())
