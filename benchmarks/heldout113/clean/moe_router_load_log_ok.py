"""MoE layer: top-1 router with load tracking.

Experts are split over the ``expert`` axis; each expert rank computes the router logits for
its experts. The router load (tokens per expert, summed over the data shards) is tracked
and collected for the load-balance dashboard.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Final

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["MeshAxis", "RouterConfig", "route_and_track", "main"]

logger = logging.getLogger(__name__)


class MeshAxis(str, Enum):
    DATA = "data"
    EXPERT = "expert"


@dataclass(frozen=True)
class RouterConfig:
    """Router settings.

    Attributes:
        num_experts: Total number of experts.
        track_over: Axis the load statistics are collected over for the dashboard.
        jitter: Multiplicative jitter on the router inputs.
    """

    num_experts: int = 8
    track_over: MeshAxis = MeshAxis.DATA
    jitter: float = 0.0

    def validate(self, expert_parallel: int) -> None:
        if self.num_experts % expert_parallel:
            raise ValueError(
                f"num_experts={self.num_experts} must be divisible by the expert-parallel size {expert_parallel}."
            )

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> "RouterConfig":
        return cls(num_experts=int(raw.get("num_experts", 8)),
                   track_over=MeshAxis(raw.get("track_over", "expert")),
                   jitter=float(raw.get("jitter", 0.0)))


def _local_load(tokens: jax.Array, w_router: jax.Array) -> jax.Array:
    """Soft load of the local experts: (1, local_experts)."""
    probs = jax.nn.sigmoid(tokens @ w_router)
    return jnp.sum(probs, axis=0, keepdims=True)


def route_and_track(config: RouterConfig, tokens: jax.Array, w_router: jax.Array,
                    mesh: jax.sharding.Mesh) -> jax.Array:
    """Computes the expert load and collects it over ``config.track_over``.

    Args:
        config: Router settings.
        tokens: Tokens (n, d_model) split over data.
        w_router: Router weights (d_model, experts) split over expert.
        mesh: The mesh.

    Returns:
        The collected expert load.
    """
    config.validate(mesh.shape[MeshAxis.EXPERT.value])
    data, expert = MeshAxis.DATA.value, MeshAxis.EXPERT.value
    track = config.track_over.value

    def _body(t: jax.Array, w: jax.Array) -> jax.Array:
        load = jax.lax.psum(_local_load(t, w), data)
        return jax.lax.all_gather(load, track, axis=1, tiled=True, to="reduced")

    fn = jax.shard_map(_body, mesh=mesh, in_specs=(P(data, None), P(None, expert)),
                       out_specs=P(None, None, reduced={track}))
    return fn(tokens, w_router)


def inputs() -> tuple[RouterConfig, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(41)
    return (RouterConfig.from_dict({"num_experts": 8}), rng.normal(size=(16, 6)).astype(np.float32),
            rng.normal(size=(6, 8)).astype(np.float32))


def main(config: RouterConfig, tokens: np.ndarray, w_router: np.ndarray) -> jax.Array:
    mesh = jax.make_mesh((2, 4), (MeshAxis.DATA.value, MeshAxis.EXPERT.value))
    t = jax.device_put(tokens, NamedSharding(mesh, P("data", None)))
    w = jax.device_put(w_router, NamedSharding(mesh, P(None, "expert")))
    load = route_and_track(config, t, w, mesh)
    logger.info(f"expert load {load}")
    return load


if __name__ == "__main__":
    main(*inputs())
