"""Inference server helpers: snapshot the KV cache for request migration.

Heads are split over the tensor-parallel axis and requests over replicas. A migration
first assembles all heads of each request, then (for a full snapshot) the whole cache.
"""
from __future__ import annotations

import argparse
import logging
from dataclasses import dataclass
from enum import Enum
from typing import Final

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["SnapshotLevel", "CacheLayout", "snapshot_cache", "main"]

logger = logging.getLogger(__name__)

DEFAULT_AXES: Final[tuple[str, str]] = ("replica", "tp")


class SnapshotLevel(str, Enum):
    HEADS = "heads"
    CLUSTER = "cluster"


@dataclass(frozen=True)
class CacheLayout:
    """Where the KV cache dimensions live.

    Attributes:
        request_axis: Mesh axis of the request (batch) dimension.
        head_axis: Mesh axis of the head dimension.
    """

    request_axis: str = DEFAULT_AXES[0]
    head_axis: str = DEFAULT_AXES[1]

    def validate(self) -> None:
        if self.request_axis == self.head_axis:
            raise ValueError(f"request_axis and head_axis must differ; both are {self.head_axis!r}.")

    @property
    def all_axes(self) -> tuple[str, str]:
        return (self.request_axis, self.head_axis)


def _gather_heads(kv: jax.Array, layout: CacheLayout) -> jax.Array:
    """All heads of the local requests: (req, heads, seq, dim)."""
    return jax.lax.all_gather(kv, layout.head_axis, axis=1, tiled=True, to="reduced")


def _gather_cluster(kv: jax.Array, layout: CacheLayout) -> jax.Array:
    """Every request of the cluster, flattened along the request dimension."""
    return jax.lax.all_gather(kv, layout.all_axes, axis=0, tiled=True, to="reduced")


def snapshot_cache(kv: jax.Array, layout: CacheLayout, level: SnapshotLevel,
                   mesh: jax.sharding.Mesh) -> jax.Array:
    """Builds a KV-cache snapshot.

    Args:
        kv: Cache of shape (requests, heads, seq, head_dim).
        layout: Cache layout.
        level: How much of the cache to assemble.
        mesh: The serving mesh.

    Returns:
        The snapshot.
    """
    layout.validate()

    def _body(block: jax.Array) -> jax.Array:
        heads = _gather_heads(block, layout)
        if level is SnapshotLevel.HEADS:
            return heads
        return _gather_cluster(heads, layout)

    in_spec = P(layout.request_axis, layout.head_axis, None, None)
    if level is SnapshotLevel.HEADS:
        out_spec = P(layout.request_axis, None, None, None, reduced={layout.head_axis})
    else:
        out_spec = P(None, None, None, None, reduced=set(layout.all_axes))
    fn = jax.shard_map(_body, mesh=mesh, in_specs=in_spec, out_specs=out_spec)
    return fn(kv)


def inputs() -> tuple[np.ndarray, str]:
    parser = argparse.ArgumentParser()
    parser.add_argument("--level", default=SnapshotLevel.HEADS.value)
    args = parser.parse_args([])
    kv = np.random.default_rng(2).normal(size=(4, 8, 3, 2)).astype(np.float32)
    return kv, args.level


def main(kv: np.ndarray, level: str) -> jax.Array:
    layout = CacheLayout()
    mesh = jax.make_mesh((2, 4), layout.all_axes)
    placed = jax.device_put(kv, NamedSharding(mesh, P(*layout.all_axes, None, None)))
    snap = snapshot_cache(placed, layout, SnapshotLevel(level), mesh)
    logger.info(f"snapshot {snap.shape}")
    return snap


if __name__ == "__main__":
    main(*inputs())
