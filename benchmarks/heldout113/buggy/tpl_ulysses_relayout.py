"""Tensor-parallel layer library: switch attention heads between head- and sequence-parallel.

Before the attention kernel, the projected queries are gathered over the TP axis (so each
rank sees every head) and then re-split with an all-to-all so that each rank owns a slice
of the sequence for all heads (Ulysses-style).
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

__all__ = ["AttentionLayout", "UlyssesConfig", "to_sequence_parallel", "main"]

logger = logging.getLogger(__name__)

DP: Final[str] = "dp"
TP: Final[str] = "tp"


class AttentionLayout(str, Enum):
    HEADS = "heads"
    SEQUENCE = "sequence"


@dataclass(frozen=True)
class UlyssesConfig:
    """Layout switch settings.

    Attributes:
        num_heads: Total number of attention heads.
        target: Layout the kernel expects.
    """

    num_heads: int = 8
    target: AttentionLayout = AttentionLayout.SEQUENCE

    def validate(self, tp_size: int) -> None:
        if self.num_heads % tp_size:
            raise ValueError(
                f"num_heads={self.num_heads} must be divisible by the TP size {tp_size} for an all-to-all relayout."
            )


def _gather_heads(q: jax.Array) -> jax.Array:
    """(batch, seq, heads/tp, d) -> (batch, seq, heads, d)."""
    return jax.lax.all_gather(q, TP, axis=2, tiled=True, to="reduced")


def _heads_to_sequence(q: jax.Array) -> jax.Array:
    """Split the sequence over TP, concatenating heads."""
    return jax.lax.all_to_all(q, TP, split_axis=1, concat_axis=2, tiled=True)


def to_sequence_parallel(config: UlyssesConfig, x: jax.Array, wq: jax.Array,
                         mesh: jax.sharding.Mesh) -> jax.Array:
    """Projects queries and switches them to the target layout.

    Args:
        config: Layout settings.
        x: Activations (batch, seq, d_model), split over dp.
        wq: Query projection (d_model, heads, head_dim), split over heads.
        mesh: The mesh.

    Returns:
        Queries in the target layout.
    """
    config.validate(mesh.shape[TP])

    def _body(xb: jax.Array, w: jax.Array) -> jax.Array:
        q = jnp.einsum("bsd,dhk->bshk", xb, w)
        q_all = _gather_heads(q)
        if config.target is AttentionLayout.HEADS:
            return q_all
        return _heads_to_sequence(q_all)

    out = P(DP, TP, None, None) if config.target is AttentionLayout.SEQUENCE else P(DP, None, None, None, reduced={TP})
    fn = jax.shard_map(_body, mesh=mesh, in_specs=(P(DP, None, None), P(None, TP, None)), out_specs=out)
    return fn(x, wq)


def inputs() -> tuple[UlyssesConfig, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(17)
    return UlyssesConfig(), rng.normal(size=(2, 8, 6)).astype(np.float32), rng.normal(size=(6, 8, 2)).astype(np.float32)


def main(config: UlyssesConfig, x: np.ndarray, wq: np.ndarray) -> jax.Array:
    mesh = jax.make_mesh((2, 4), (DP, TP))
    xs = jax.device_put(x, NamedSharding(mesh, P(DP, None, None)))
    ws = jax.device_put(wq, NamedSharding(mesh, P(None, TP, None)))
    q = to_sequence_parallel(config, xs, ws, mesh)
    logger.info(f"queries {q.shape}")
    return q


if __name__ == "__main__":
    main(*inputs())
