"""Checkpoint conversion: int8 weight-only quantisation during conversion.

Each output channel is quantised with its own scale. The kernel's output channels are
split over TP and its rows over FSDP; the rows of each channel are assembled so that the
absmax scale covers the whole channel, then the channel is scaled to the int8 range.
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

__all__ = ["QuantMode", "QuantConfig", "quantize_kernel", "main"]

logger = logging.getLogger(__name__)

FSDP: Final[str] = "fsdp"
TP: Final[str] = "tp"
INT8_MAX: Final[float] = 127.0


class QuantMode(str, Enum):
    PER_CHANNEL = "per_channel"
    PER_TENSOR = "per_tensor"


@dataclass(frozen=True)
class QuantConfig:
    """Quantisation settings.

    Attributes:
        mode: Scale granularity.
        clip_ratio: Fraction of the absmax that maps to the int8 maximum.
    """

    mode: QuantMode = QuantMode.PER_CHANNEL
    clip_ratio: float = 1.0

    def validate(self) -> None:
        if not 0.0 < self.clip_ratio <= 1.0:
            raise ValueError(f"clip_ratio must lie in (0, 1], got {self.clip_ratio}.")


def _assemble_channels(w: jax.Array) -> jax.Array:
    return jax.lax.all_gather(w, FSDP, axis=0, tiled=True, to="reduced")


def _channel_scale(w: jax.Array, config: QuantConfig) -> jax.Array:
    match config.mode:
        case QuantMode.PER_CHANNEL:
            absmax = jnp.max(jnp.abs(w), axis=0, keepdims=True)
        case QuantMode.PER_TENSOR:
            absmax = jnp.max(jnp.abs(w), keepdims=True)
        case _:
            raise ValueError(f"unknown quantisation mode {config.mode!r}")
    return jnp.maximum(absmax * config.clip_ratio, 1e-8) / INT8_MAX


def quantize_kernel(config: QuantConfig, kernel: jax.Array, mesh: jax.sharding.Mesh) -> tuple[jax.Array, jax.Array]:
    """Quantises a kernel to int8 values (kept as float) plus scales.

    Args:
        config: Quantisation settings.
        kernel: Kernel (rows, channels) split (fsdp, tp).
        mesh: The mesh.

    Returns:
        The rounded kernel and the scales.
    """
    config.validate()

    def _body(w: jax.Array) -> tuple[jax.Array, jax.Array]:
        full = _assemble_channels(w)
        scale = _channel_scale(full, config)
        q = jnp.round(full / scale)
        return q, scale

    fn = jax.shard_map(_body, mesh=mesh, in_specs=P(FSDP, TP),
                       out_specs=(P(None, TP, reduced={FSDP}), P(None, TP)))
    return fn(kernel)


def inputs() -> tuple[QuantConfig, np.ndarray]:
    return QuantConfig(), np.random.default_rng(107).normal(size=(8, 4)).astype(np.float32)


def main(config: QuantConfig, kernel: np.ndarray) -> tuple[jax.Array, jax.Array]:
    mesh = jax.make_mesh((4, 2), (FSDP, TP))
    q, scale = quantize_kernel(config, jax.device_put(kernel, NamedSharding(mesh, P(FSDP, TP))), mesh)
    logger.info(f"quantised kernel {q.shape}, scales {scale.shape}")
    return q, scale


if __name__ == "__main__":
    main(*inputs())
