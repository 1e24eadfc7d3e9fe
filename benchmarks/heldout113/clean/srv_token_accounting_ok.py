"""Inference server helpers: count generated tokens and entropy for billing and monitoring.

The vocabulary-parallel softmax normaliser is completed with a psum over the TP axis; the
accounting step then aggregates the per-request statistics over the axes named by the
accounting scope.
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

__all__ = ["AccountingScope", "AccountingConfig", "account_tokens", "main"]

logger = logging.getLogger(__name__)

REPLICA: Final[str] = "replica"
TP: Final[str] = "tp"


class AccountingScope(str, Enum):
    REPLICA_LOCAL = "replica_local"
    CLUSTER = "cluster"


_SCOPE_AXES: Final[dict[AccountingScope, tuple[str, ...]]] = {
    AccountingScope.REPLICA_LOCAL: (),
    AccountingScope.CLUSTER: (REPLICA,),
}


@dataclass(frozen=True)
class AccountingConfig:
    """Accounting settings.

    Attributes:
        scope: Which devices contribute to the totals.
        eos_id: End-of-sequence token id; tokens after it are not billed.
    """

    scope: AccountingScope = AccountingScope.CLUSTER
    eos_id: int = 0

    def validate(self) -> None:
        if self.eos_id < 0:
            raise ValueError(f"eos_id must be a non-negative token id, got {self.eos_id}.")


def _log_normaliser(logits: jax.Array) -> jax.Array:
    """log-sum-exp over the vocabulary, completed across TP shards."""
    local = jnp.sum(jnp.exp(logits), axis=-1)
    return jnp.log(jax.lax.psum(local, TP))


def account_tokens(config: AccountingConfig, logits: jax.Array, mesh: jax.sharding.Mesh) -> jax.Array:
    """Sums the normaliser statistics over the configured scope.

    Args:
        config: Accounting settings.
        logits: Logits (requests, vocab) split (replica, tp).
        mesh: Serving mesh.

    Returns:
        The aggregated log-normaliser total.
    """
    config.validate()
    axes = _SCOPE_AXES[config.scope]
    logger.info(f"accounting over {axes}")

    def _body(lg: jax.Array) -> jax.Array:
        lse = _log_normaliser(lg)
        per_request = jnp.sum(lse, keepdims=True)
        return jax.lax.psum(per_request, axes) if axes else per_request

    out_spec = P() if REPLICA in axes else P(REPLICA)
    fn = jax.shard_map(_body, mesh=mesh, in_specs=P(REPLICA, TP), out_specs=out_spec)
    return fn(logits)


def inputs() -> tuple[AccountingConfig, np.ndarray]:
    return AccountingConfig(), np.random.default_rng(4).normal(size=(4, 16)).astype(np.float32)


def main(config: AccountingConfig, logits: np.ndarray) -> jax.Array:
    mesh = jax.make_mesh((2, 4), (REPLICA, TP))
    lg = jax.device_put(logits, NamedSharding(mesh, P(REPLICA, TP)))
    total = account_tokens(config, lg, mesh)
    logger.info(f"total log-normaliser {total}")
    return total


if __name__ == "__main__":
    main(*inputs())
