"""Tensor-parallel layer library: Megatron-style linear layers built on shard_map.

``ColumnParallelLinear`` splits the output features over the TP axis;
``RowParallelLinear`` splits the input features and sums partial products. Both accept a
``LinearConfig``; ``gather_output`` asks the layer to return full features on every device.
"""
from __future__ import annotations

import logging
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Final

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["LinearConfig", "ParallelLinear", "ColumnParallelLinear", "RowParallelLinear", "main"]

logger = logging.getLogger(__name__)

DP_AXIS: Final[str] = "dp"
TP_AXIS: Final[str] = "tp"


@dataclass(frozen=True)
class LinearConfig:
    """Configuration shared by the parallel linear layers.

    Attributes:
        in_features: Input feature count.
        out_features: Output feature count.
        gather_output: Return full output features on every TP rank.
        use_bias: Add a bias after the matmul.
    """

    in_features: int
    out_features: int
    gather_output: bool = False
    use_bias: bool = True

    def validate(self, tp_size: int) -> None:
        """Checks that the features divide evenly over the TP axis.

        Raises:
            ValueError: If a feature count is not divisible by ``tp_size``.
        """
        for name, value in (("in_features", self.in_features), ("out_features", self.out_features)):
            if value % tp_size:
                raise ValueError(f"{name}={value} must be divisible by the tensor-parallel size {tp_size}.")


class ParallelLinear(ABC):
    """Base class of the parallel linear layers."""

    def __init__(self, config: LinearConfig, mesh: jax.sharding.Mesh) -> None:
        config.validate(mesh.shape[TP_AXIS])
        self.config = config
        self.mesh = mesh

    @abstractmethod
    def _local(self, x: jax.Array, w: jax.Array, b: jax.Array) -> jax.Array: ...

    @abstractmethod
    def specs(self) -> tuple[tuple[P, P, P], P]: ...

    def _maybe_gather(self, y: jax.Array) -> jax.Array:
        if not self.config.gather_output:
            return y
        return jax.lax.all_gather(y, TP_AXIS, axis=-1, tiled=True, to="reduced")

    def __call__(self, x: jax.Array, w: jax.Array, b: jax.Array) -> jax.Array:
        in_specs, out_spec = self.specs()
        fn = jax.shard_map(self._local, mesh=self.mesh, in_specs=in_specs, out_specs=out_spec)
        return fn(x, w, b)


class ColumnParallelLinear(ParallelLinear):
    def _local(self, x: jax.Array, w: jax.Array, b: jax.Array) -> jax.Array:
        y = x @ w + (b if self.config.use_bias else 0.0)
        return self._maybe_gather(y)

    def specs(self) -> tuple[tuple[P, P, P], P]:
        out = P(DP_AXIS, None, reduced={TP_AXIS}) if self.config.gather_output else P(DP_AXIS, TP_AXIS)
        return (P(DP_AXIS, None), P(None, TP_AXIS), P(TP_AXIS)), out


class RowParallelLinear(ParallelLinear):
    def _local(self, x: jax.Array, w: jax.Array, b: jax.Array) -> jax.Array:
        y = jax.lax.psum(x @ w, TP_AXIS)
        if self.config.use_bias:
            y = y + b
        return self._maybe_gather(y)

    def specs(self) -> tuple[tuple[P, P, P], P]:
        out = P(DP_AXIS, None, reduced={TP_AXIS}) if self.config.gather_output else P(DP_AXIS, None)
        return (P(DP_AXIS, TP_AXIS), P(TP_AXIS, None), P()), out


def inputs() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(31)
    return (rng.normal(size=(4, 8)).astype(np.float32), rng.normal(size=(8, 16)).astype(np.float32),
            np.zeros(16, np.float32), rng.normal(size=(16, 8)).astype(np.float32), np.zeros(8, np.float32))


def main(x: np.ndarray, w1: np.ndarray, b1: np.ndarray, w2: np.ndarray, b2: np.ndarray) -> jax.Array:
    mesh = jax.make_mesh((2, 4), (DP_AXIS, TP_AXIS))
    put = lambda a, s: jax.device_put(a, NamedSharding(mesh, s))
    fc1 = ColumnParallelLinear(LinearConfig(8, 16), mesh)
    fc2 = RowParallelLinear(LinearConfig(16, 8), mesh)
    h = fc1(put(x, P(DP_AXIS, None)), put(w1, P(None, TP_AXIS)), put(b1, P(TP_AXIS)))
    h = jax.nn.relu(h)
    y = fc2(h, put(w2, P(TP_AXIS, None)), put(b2, P()))
    logger.info(f"mlp output {y.shape}")
    return y


if __name__ == "__main__":
    main(*inputs())
