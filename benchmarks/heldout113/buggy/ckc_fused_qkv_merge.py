"""Checkpoint conversion: merge separate Q/K/V kernels into a fused QKV kernel.

Source checkpoints store Q, K and V with heads split over TP and rows split over FSDP.
The target format wants a single fused kernel: heads are gathered first, then the fused
kernel is materialised according to the target layout's gather axes.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Final

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["TargetLayout", "merge_qkv", "main"]

logger = logging.getLogger(__name__)

FSDP: Final[str] = "fsdp"
TP: Final[str] = "tp"


@dataclass(frozen=True)
class TargetLayout:
    """Target checkpoint layout.

    Attributes:
        name: Layout name as written in the target config.
        gather_axes: Axes the fused kernel's rows are gathered over.
    """

    name: str = "hf_fused"
    gather_axes: tuple[str, ...] = (FSDP, TP)

    def validate(self) -> None:
        if not self.gather_axes:
            raise ValueError(f"layout {self.name!r} must gather over at least one axis.")


def _gather_heads(w: jax.Array) -> jax.Array:
    return jax.lax.all_gather(w, TP, axis=1, tiled=True, to="reduced")


def _fuse(q: jax.Array, k: jax.Array, v: jax.Array) -> jax.Array:
    return jnp.concatenate([q, k, v], axis=1)


def merge_qkv(layout: TargetLayout, q: jax.Array, k: jax.Array, v: jax.Array,
              mesh: jax.sharding.Mesh) -> jax.Array:
    """Builds the fused QKV kernel.

    Args:
        layout: Target layout.
        q: Query kernel (d_model, heads) split (fsdp, tp); same for ``k`` and ``v``.
        k: Key kernel.
        v: Value kernel.
        mesh: The mesh.

    Returns:
        The fused kernel in the target layout.
    """
    layout.validate()

    def _body(qb: jax.Array, kb: jax.Array, vb: jax.Array) -> jax.Array:
        fused = _fuse(_gather_heads(qb), _gather_heads(kb), _gather_heads(vb))
        return jax.lax.all_gather(fused, layout.gather_axes, axis=0, tiled=True, to="reduced")

    spec = P(FSDP, TP)
    fn = jax.shard_map(_body, mesh=mesh, in_specs=(spec, spec, spec),
                       out_specs=P(None, None, reduced={FSDP, TP}))
    return fn(q, k, v)


def inputs() -> tuple[TargetLayout, np.ndarray, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(97)
    return (TargetLayout(), *(rng.normal(size=(8, 4)).astype(np.float32) for _ in range(3)))


def main(layout: TargetLayout, q: np.ndarray, k: np.ndarray, v: np.ndarray) -> jax.Array:
    mesh = jax.make_mesh((4, 2), (FSDP, TP))
    s = NamedSharding(mesh, P(FSDP, TP))
    fused = merge_qkv(layout, jax.device_put(q, s), jax.device_put(k, s), jax.device_put(v, s), mesh)
    logger.info(f"fused kernel {fused.shape} for {layout.name}")
    return fused


if __name__ == "__main__":
    main(*inputs())
