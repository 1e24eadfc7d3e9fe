"""Distributed training utilities: dump the Adam moments of a sharded layer for debugging.

The moments live column-split over the model axis and row-split over the data axis
(ZeRO-style). The dumper gathers them in stages so that each stage can be inspected.
"""
from __future__ import annotations

import logging
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import Enum
from typing import Final, Iterator

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["DumpScope", "DumpConfig", "dump_optimizer_state", "main"]

logger = logging.getLogger(__name__)

MESH_AXES: Final[tuple[str, str]] = ("data", "model")


class DumpScope(str, Enum):
    """How much of the optimizer state each dump stage materialises."""

    SHARD = "shard"
    COLUMNS = "columns"
    FULL = "full"


@dataclass(frozen=True)
class DumpConfig:
    """Settings of the state dumper.

    Attributes:
        stages: Dump scopes, applied in order.
        beta1: First-moment decay used to rebuild the moments.
    """

    stages: tuple[DumpScope, ...] = field(default=(DumpScope.COLUMNS, DumpScope.FULL))
    beta1: float = 0.9

    def validate(self) -> None:
        """Validates the stage list.

        Raises:
            ValueError: If no stage is configured or the decay is out of range.
        """
        if not self.stages:
            raise ValueError("DumpConfig.stages must name at least one DumpScope; got an empty tuple.")
        if not 0.0 < self.beta1 < 1.0:
            raise ValueError(f"beta1 must lie in (0, 1), got {self.beta1}.")


@contextmanager
def _timed(label: str) -> Iterator[None]:
    start = time.perf_counter()
    try:
        yield
    finally:
        logger.info(f"{label} took {time.perf_counter() - start:.3f}s")


def _scope_axes(scope: DumpScope) -> tuple[str, ...]:
    """Mesh axes that a dump scope gathers over."""
    match scope:
        case DumpScope.SHARD:
            return ()
        case DumpScope.COLUMNS:
            return (MESH_AXES[1],)
        case DumpScope.FULL:
            return MESH_AXES
    raise ValueError(f"unknown dump scope {scope!r}")


def _gather_stage(moment: jax.Array, scope: DumpScope) -> jax.Array:
    """Gathers one stage of the dump; the result is reduced over the stage's axes."""
    axes = _scope_axes(scope)
    if not axes:
        return moment
    return jax.lax.all_gather(moment, axes, axis=1, tiled=True, to="reduced")


def dump_optimizer_state(config: DumpConfig, grads: np.ndarray) -> jax.Array:
    """Rebuilds the first moment from gradients and gathers it stage by stage.

    Args:
        config: Dumper settings.
        grads: Gradient history of shape (steps, rows, cols).

    Returns:
        The moment after the last stage.
    """
    config.validate()
    mesh = jax.make_mesh((4, 2), MESH_AXES)
    grads = jax.device_put(grads, NamedSharding(mesh, P(None, "data", "model")))

    def _body(g: jax.Array) -> jax.Array:
        m = jnp.zeros_like(g[0])
        for t in range(g.shape[0]):
            m = config.beta1 * m + (1.0 - config.beta1) * g[t]
        for scope in config.stages:
            logger.debug(f"dump stage {scope.value}")
            m = _gather_stage(m, scope)
        return m

    reduced = set()
    for scope in config.stages:
        reduced |= set(_scope_axes(scope))
    row_axis = None if "data" in reduced else "data"
    with _timed("optimizer-state dump"):
        fn = jax.shard_map(_body, mesh=mesh, in_specs=P(None, "data", "model"),
                           out_specs=P(row_axis, None, reduced=reduced))
        return fn(grads)


def inputs() -> tuple[DumpConfig, np.ndarray]:
    rng = np.random.default_rng(7)
    return DumpConfig(), rng.normal(size=(3, 8, 8)).astype(np.float32)


def main(config: DumpConfig, grads: np.ndarray) -> jax.Array:
    logging.basicConfig(level=logging.INFO)
    return dump_optimizer_state(config, grads)


if __name__ == "__main__":
    main(*inputs())
