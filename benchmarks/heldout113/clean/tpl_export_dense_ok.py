"""Tensor-parallel layer library: export a 2-D sharded dense kernel as a replicated array.

Kernels trained with 2-D sharding (rows over dp for FSDP, columns over tp) are gathered
to a fully replicated layout by ``export_kernel`` before being written out.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from enum import Enum
from typing import Final

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["KernelLayout", "ExportConfig", "export_kernel", "main"]

logger = logging.getLogger(__name__)

DP: Final[str] = "dp"
TP: Final[str] = "tp"


class KernelLayout(str, Enum):
    COLUMN = "column"
    ROW = "row"
    FSDP_2D = "fsdp_2d"


_LAYOUT_SPECS: Final[dict[KernelLayout, P]] = {
    KernelLayout.COLUMN: P(None, TP),
    KernelLayout.ROW: P(TP, None),
    KernelLayout.FSDP_2D: P(DP, TP),
}


@dataclass(frozen=True)
class ExportConfig:
    """Export settings.

    Attributes:
        layout: Training layout of the kernel.
        dtype: Dtype written to disk.
    """

    layout: KernelLayout = KernelLayout.COLUMN
    dtype: str = "float32"

    def validate(self) -> None:
        if self.dtype not in ("float32", "bfloat16"):
            raise ValueError(f"dtype must be 'float32' or 'bfloat16', got {self.dtype!r}.")


def _sharded_axes(spec: P) -> set[str]:
    axes: set[str] = set()
    for entry in spec:
        if entry is None:
            continue
        axes.update(entry if isinstance(entry, tuple) else (entry,))
    return axes


def _replicated_spec(spec: P) -> P:
    """A spec with every dimension gathered; the gathered axes become reduced."""
    return P(*([None] * len(spec)), reduced=_sharded_axes(spec))


def export_kernel(config: ExportConfig, kernel: jax.Array) -> jax.Array:
    """Gathers ``kernel`` to a replicated layout.

    Args:
        config: Export settings.
        kernel: Kernel placed with the training layout.

    Returns:
        The replicated kernel.
    """
    config.validate()
    spec = _LAYOUT_SPECS[config.layout]
    target = _replicated_spec(spec)
    logger.info(f"exporting {config.layout.value} kernel {spec} -> {target}")
    return top_level_all_gather(kernel, target).astype(config.dtype)


def inputs() -> tuple[ExportConfig, np.ndarray]:
    return ExportConfig(), np.arange(64, dtype=np.float32).reshape(8, 8)


def main(config: ExportConfig, kernel: np.ndarray) -> jax.Array:
    mesh = jax.make_mesh((2, 4), (DP, TP))
    with jax.set_mesh(mesh):
        placed = jax.device_put(kernel, NamedSharding(mesh, _LAYOUT_SPECS[config.layout]))
        return export_kernel(config, placed)


if __name__ == "__main__":
    main(*inputs())
