"""Tensor-parallel layer library: sequence-parallel activations around a norm layer.

In sequence parallelism the activations outside attention/MLP are split along the sequence
over the TP axis. ``SequenceParallelGather`` restores the full sequence; a debugging
``collect`` option also assembles the batch over the whole mesh.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from enum import Enum
from typing import Final, Optional

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["CollectMode", "SPConfig", "SequenceParallelGather", "main"]

logger = logging.getLogger(__name__)

MESH_AXES: Final[tuple[str, str]] = ("dp", "tp")


class CollectMode(str, Enum):
    OFF = "off"
    GLOBAL = "global"


@dataclass(frozen=True)
class SPConfig:
    """Sequence-parallel settings.

    Attributes:
        eps: Epsilon of the RMS norm.
        collect: Whether (and how) to collect the normalised activations for inspection.
        collect_axes: Axes used by the collection; ``None`` means every mesh axis.
    """

    eps: float = 1e-6
    collect: CollectMode = CollectMode.GLOBAL
    collect_axes: Optional[tuple[str, ...]] = None

    def validate(self) -> None:
        if self.eps <= 0.0:
            raise ValueError(f"eps must be positive, got {self.eps}.")
        if self.collect_axes is not None and not set(self.collect_axes) <= set(MESH_AXES):
            raise ValueError(f"collect_axes {self.collect_axes} must be a subset of {MESH_AXES}.")


class SequenceParallelGather:
    """RMS-normalises sequence-split activations and restores the full sequence."""

    def __init__(self, config: SPConfig, mesh: jax.sharding.Mesh) -> None:
        config.validate()
        self.config = config
        self.mesh = mesh
        self._collect_axes = config.collect_axes or tuple(mesh.axis_names)

    def _rms_norm(self, x: jax.Array) -> jax.Array:
        return x * jax.lax.rsqrt(jnp.mean(x * x, axis=-1, keepdims=True) + self.config.eps)

    def _body(self, x: jax.Array) -> jax.Array:
        y = self._rms_norm(x)
        full_seq = jax.lax.all_gather(y, MESH_AXES[1], axis=1, tiled=True, to="reduced")
        if self.config.collect is CollectMode.OFF:
            return full_seq
        return jax.lax.all_gather(full_seq, self._collect_axes, axis=0, tiled=True, to="reduced")

    def __call__(self, x: jax.Array) -> jax.Array:
        if self.config.collect is CollectMode.OFF:
            out = P(MESH_AXES[0], None, None, reduced={MESH_AXES[1]})
        else:
            out = P(None, None, None, reduced=set(self._collect_axes))
        fn = jax.shard_map(self._body, mesh=self.mesh, in_specs=P(*MESH_AXES, None), out_specs=out)
        return fn(x)


def inputs() -> tuple[SPConfig, np.ndarray]:
    return SPConfig(), np.random.default_rng(1).normal(size=(4, 8, 6)).astype(np.float32)


def main(config: SPConfig, x: np.ndarray) -> jax.Array:
    mesh = jax.make_mesh((2, 4), MESH_AXES)
    layer = SequenceParallelGather(config, mesh)
    y = layer(jax.device_put(x, NamedSharding(mesh, P(*MESH_AXES, None))))
    logger.info(f"collected {y.shape}")
    return y


if __name__ == "__main__":
    main(*inputs())
