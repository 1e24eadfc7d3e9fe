"""Inference server helpers: pass draft tokens around a ring of replicas.

Each replica proposes draft scores for its requests. The scores of all replicas are
gathered so a replica can compare against the cluster, then handed to the next replica
in a ring so it can verify its neighbour's drafts.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Final

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["RingConfig", "SpeculativeRing", "main"]

logger = logging.getLogger(__name__)

_REPLICA: Final[str] = "replica"
_TP: Final[str] = "tp"


@dataclass(frozen=True)
class RingConfig:
    """Ring settings.

    Attributes:
        num_replicas: Replicas in the ring (size of the replica axis).
        shift: How many hops the drafts travel.
    """

    num_replicas: int = 4
    shift: int = 1

    def validate(self) -> None:
        if not 0 < self.shift < self.num_replicas:
            raise ValueError(
                f"shift must lie in [1, num_replicas - 1] = [1, {self.num_replicas - 1}], got {self.shift}."
            )

    def permutation(self) -> list[tuple[int, int]]:
        return [(i, (i + self.shift) % self.num_replicas) for i in range(self.num_replicas)]


class SpeculativeRing:
    """Exchanges draft scores between replicas."""

    def __init__(self, config: RingConfig) -> None:
        config.validate()
        self.config = config
        self.mesh = jax.make_mesh((config.num_replicas, 2), (_REPLICA, _TP))

    @staticmethod
    def _draft_scores(h: jax.Array, w: jax.Array) -> jax.Array:
        return jax.nn.log_sigmoid(jax.lax.psum(h @ w, _TP))

    def _cluster_view(self, scores: jax.Array) -> jax.Array:
        return jax.lax.all_gather(scores, _REPLICA, axis=0, tiled=True, to="reduced")

    def _body(self, h: jax.Array, w: jax.Array) -> jax.Array:
        scores = self._draft_scores(h, w)
        cluster = self._cluster_view(scores)
        neighbour = jax.lax.ppermute(cluster, _REPLICA, perm=self.config.permutation())
        return neighbour - cluster

    def exchange(self, hidden: np.ndarray, w: np.ndarray) -> jax.Array:
        """Runs the exchange.

        Args:
            hidden: Hidden states (requests, d_model).
            w: Draft head (d_model, drafts).

        Returns:
            Per-replica score differences.
        """
        h = jax.device_put(hidden, NamedSharding(self.mesh, P(_REPLICA, _TP)))
        ww = jax.device_put(w, NamedSharding(self.mesh, P(_TP, None)))
        fn = jax.shard_map(self._body, mesh=self.mesh, in_specs=(P(_REPLICA, _TP), P(_TP, None)),
                           out_specs=P(_REPLICA, None))
        return fn(h, ww)


def inputs() -> tuple[RingConfig, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(8)
    return RingConfig(), rng.normal(size=(8, 6)).astype(np.float32), rng.normal(size=(6, 3)).astype(np.float32)


def main(config: RingConfig, hidden: np.ndarray, w: np.ndarray) -> jax.Array:
    ring = SpeculativeRing(config)
    diff = ring.exchange(hidden, w)
    logger.info(f"ring exchange done: {diff.shape}")
    return diff


if __name__ == "__main__":
    main(*inputs())
