"""Checkpoint conversion: unflatten a pipeline-parallel checkpoint's stacked layers.

The source trainer stores stacked layer weights with the layer dimension split over the
flattened (pp, fsdp, tp) axes. The converter keeps the pipeline split for the target
runtime and gathers the rest of the layer dimension, using the axis prefix named by the
target's ``keep_axes``.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any, Final

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["UnflattenConfig", "unflatten_layers", "main"]

logger = logging.getLogger(__name__)

MESH_AXES: Final[tuple[str, str, str]] = ("pp", "fsdp", "tp")
SOURCE_SPEC: Final[P] = P(MESH_AXES, None)


@dataclass(frozen=True)
class UnflattenConfig:
    """Unflatten settings.

    Attributes:
        keep_axes: Leading mesh axes that stay split in the target layout.
    """

    keep_axes: tuple[str, ...] = field(default=MESH_AXES[:2])

    def validate(self) -> None:
        if tuple(self.keep_axes) != MESH_AXES[: len(self.keep_axes)]:
            raise ValueError(
                f"keep_axes {self.keep_axes} must be a leading prefix of the source axes {MESH_AXES}."
            )

    @property
    def gathered_axes(self) -> set[str]:
        return set(MESH_AXES) - set(self.keep_axes)

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> "UnflattenConfig":
        return cls(keep_axes=tuple(raw.get("keep_axes", MESH_AXES[:2])))


def _target_spec(config: UnflattenConfig) -> P:
    return P(tuple(config.keep_axes), None, reduced=config.gathered_axes)


def unflatten_layers(config: UnflattenConfig, stacked: jax.Array) -> jax.Array:
    """Gathers the axes not kept by the target.

    Args:
        config: Unflatten settings.
        stacked: Stacked layer weights in ``SOURCE_SPEC``.

    Returns:
        The weights in the target layout.
    """
    config.validate()
    target = _target_spec(config)
    logger.info(f"unflatten {SOURCE_SPEC} -> {target}")
    return top_level_all_gather(stacked, target)


def inputs() -> tuple[UnflattenConfig, np.ndarray]:
    return UnflattenConfig.from_dict({}), np.arange(32, dtype=np.float32).reshape(8, 4)


def main(config: UnflattenConfig, stacked: np.ndarray) -> jax.Array:
    mesh = jax.make_mesh((2, 2, 2), MESH_AXES)
    with jax.set_mesh(mesh):
        placed = jax.device_put(stacked, NamedSharding(mesh, SOURCE_SPEC))
        return unflatten_layers(config, placed)


if __name__ == "__main__":
    main(*inputs())
