"""MoE layer: token counts per expert for capacity planning.

Each device counts how many of its data shard's tokens prefer each of its local experts
(hard top-1 assignment). Counts are summed over the data shards to get each expert's
global load, and the global token total is taken from those loads.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Final, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["CountConfig", "ExpertLoad", "count_tokens", "main"]

logger = logging.getLogger(__name__)

DATA: Final[str] = "data"
EXPERT: Final[str] = "expert"
GLOBAL_AXES: Final[tuple[str, str]] = (DATA, EXPERT)


class ExpertLoad(NamedTuple):
    per_expert: jax.Array
    total: jax.Array


@dataclass(frozen=True)
class CountConfig:
    """Counting settings.

    Attributes:
        threshold: Minimum router score for a token to count.
    """

    threshold: float = 0.0

    def validate(self) -> None:
        if not -10.0 <= self.threshold <= 10.0:
            raise ValueError(f"threshold {self.threshold} is outside the supported range [-10, 10].")


def _local_counts(t: jax.Array, w: jax.Array, threshold: float) -> jax.Array:
    scores = t @ w
    return jnp.sum((scores > threshold).astype(jnp.float32), axis=0)


def count_tokens(config: CountConfig, tokens: jax.Array, w_router: jax.Array,
                 mesh: jax.sharding.Mesh) -> ExpertLoad:
    """Counts tokens per expert and overall.

    Args:
        config: Counting settings.
        tokens: Tokens split over data.
        w_router: Router weights split over expert.
        mesh: The mesh.

    Returns:
        The per-expert counts and the total.
    """
    config.validate()

    def _body(t: jax.Array, w: jax.Array) -> ExpertLoad:
        per_expert = jax.lax.psum(_local_counts(t, w, config.threshold), DATA)
        total = jax.lax.psum(jnp.sum(per_expert), EXPERT)
        return ExpertLoad(per_expert=per_expert, total=total)

    fn = jax.shard_map(_body, mesh=mesh, in_specs=(P(DATA, None), P(None, EXPERT)),
                       out_specs=ExpertLoad(per_expert=P(EXPERT), total=P()))
    return fn(tokens, w_router)


def inputs() -> tuple[CountConfig, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(59)
    return CountConfig(), rng.normal(size=(16, 6)).astype(np.float32), rng.normal(size=(6, 8)).astype(np.float32)


def main(config: CountConfig, tokens: np.ndarray, w_router: np.ndarray) -> ExpertLoad:
    mesh = jax.make_mesh((2, 4), (DATA, EXPERT))
    load = count_tokens(config, jax.device_put(tokens, NamedSharding(mesh, P(DATA, None))),
                        jax.device_put(w_router, NamedSharding(mesh, P(None, EXPERT))), mesh)
    logger.info(f"tokens per expert {load.per_expert}, total {load.total}")
    return load


if __name__ == "__main__":
    main(*inputs())
