"""Tensor-parallel layer library: a LayerNorm over hidden features split across TP ranks.

The mean and variance need every feature, so partial sums are completed with psum over
the TP axis. The layer also reports the average activation variance used by the
training monitor.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Final, Literal

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["NormConfig", "TensorParallelLayerNorm", "main"]

logger = logging.getLogger(__name__)

DP_AXIS: Final[str] = "dp"
TP_AXIS: Final[str] = "tp"


@dataclass(frozen=True)
class NormConfig:
    """LayerNorm settings.

    Attributes:
        hidden: Total hidden size.
        eps: Epsilon added to the variance.
        monitor: Which statistic the monitor averages.
    """

    hidden: int = 16
    eps: float = 1e-5
    monitor: Literal["variance", "none"] = "variance"

    def validate(self, tp_size: int) -> None:
        if self.hidden % tp_size:
            raise ValueError(f"hidden={self.hidden} must be divisible by the TP size {tp_size}.")


class TensorParallelLayerNorm:
    """LayerNorm whose feature dimension is split over ``TP_AXIS``."""

    def __init__(self, config: NormConfig, mesh: jax.sharding.Mesh) -> None:
        config.validate(mesh.shape[TP_AXIS])
        self.config = config
        self.mesh = mesh
        self.monitor_axes: tuple[str, ...] = (DP_AXIS,)

    def _moments(self, x: jax.Array) -> tuple[jax.Array, jax.Array]:
        n = self.config.hidden
        mean = jax.lax.psum(jnp.sum(x, axis=-1, keepdims=True), TP_AXIS) / n
        var = jax.lax.psum(jnp.sum((x - mean) ** 2, axis=-1, keepdims=True), TP_AXIS) / n
        return mean, var

    def _body(self, x: jax.Array, gamma: jax.Array) -> tuple[jax.Array, jax.Array]:
        mean, var = self._moments(x)
        y = (x - mean) * jax.lax.rsqrt(var + self.config.eps) * gamma
        if self.config.monitor == "variance":
            stat = jax.lax.pmean(jnp.mean(var), self.monitor_axes)
        else:
            stat = jnp.zeros(())
        return y, stat

    def __call__(self, x: jax.Array, gamma: jax.Array) -> tuple[jax.Array, jax.Array]:
        fn = jax.shard_map(self._body, mesh=self.mesh,
                           in_specs=(P(DP_AXIS, TP_AXIS), P(TP_AXIS)),
                           out_specs=(P(DP_AXIS, TP_AXIS), P()))
        return fn(x, gamma)


def inputs() -> tuple[NormConfig, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(13)
    return NormConfig(), rng.normal(size=(4, 16)).astype(np.float32), np.ones(16, np.float32)


def main(config: NormConfig, x: np.ndarray, gamma: np.ndarray) -> tuple[jax.Array, jax.Array]:
    mesh = jax.make_mesh((2, 4), (DP_AXIS, TP_AXIS))
    norm = TensorParallelLayerNorm(config, mesh)
    y, stat = norm(jax.device_put(x, NamedSharding(mesh, P(DP_AXIS, TP_AXIS))),
                   jax.device_put(gamma, NamedSharding(mesh, P(TP_AXIS))))
    logger.info(f"monitored variance {stat}")
    return y, stat


if __name__ == "__main__":
    main(*inputs())
