"""MoE layer: load-balancing auxiliary loss (Switch Transformer style).

The balance term needs the routing mass of every expert, so each expert rank's
exponentiated router scores are gathered over the expert axis; the per-expert mass is
then averaged over the shards selected by the config.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Final, Literal

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["AuxLossConfig", "SwitchAuxLoss", "main"]

logger = logging.getLogger(__name__)

DATA_AXIS: Final[str] = "data"
EXPERT_AXIS: Final[str] = "expert"


@dataclass(frozen=True)
class AuxLossConfig:
    """Auxiliary loss settings.

    Attributes:
        weight: Coefficient of the auxiliary loss.
        average: Whether the routing mass is averaged over data or expert shards.
    """

    weight: float = 1e-2
    average: Literal["data", "expert"] = "expert"

    def validate(self) -> None:
        if self.weight < 0.0:
            raise ValueError(f"aux loss weight must be non-negative, got {self.weight}.")


class SwitchAuxLoss:
    """Computes the load-balancing loss on a (data, expert) mesh."""

    def __init__(self, config: AuxLossConfig, mesh: jax.sharding.Mesh) -> None:
        config.validate()
        self.config = config
        self.mesh = mesh
        self._average_axis = {"data": DATA_AXIS, "expert": EXPERT_AXIS}[config.average]

    def _routing_mass(self, t: jax.Array, w: jax.Array) -> jax.Array:
        local = jnp.exp(t @ w)
        return jax.lax.all_gather(local, EXPERT_AXIS, axis=1, tiled=True, to="reduced")

    def _body(self, t: jax.Array, w: jax.Array) -> jax.Array:
        mass = self._routing_mass(t, w)
        per_expert = jnp.sum(mass, axis=0)
        mean_mass = jax.lax.pmean(per_expert, self._average_axis)
        return jnp.sum(mean_mass**2, keepdims=True)

    def __call__(self, tokens: jax.Array, w_router: jax.Array) -> jax.Array:
        fn = jax.shard_map(self._body, mesh=self.mesh,
                           in_specs=(P(DATA_AXIS, None), P(None, EXPERT_AXIS)),
                           out_specs=P(DATA_AXIS))
        return self.config.weight * fn(tokens, w_router)


def inputs() -> tuple[AuxLossConfig, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(47)
    return AuxLossConfig(), rng.normal(size=(16, 6)).astype(np.float32), rng.normal(size=(6, 8)).astype(np.float32)


def main(config: AuxLossConfig, tokens: np.ndarray, w_router: np.ndarray) -> jax.Array:
    mesh = jax.make_mesh((2, 4), (DATA_AXIS, EXPERT_AXIS))
    aux = SwitchAuxLoss(config, mesh)
    loss = aux(jax.device_put(tokens, NamedSharding(mesh, P(DATA_AXIS, None))),
               jax.device_put(w_router, NamedSharding(mesh, P(None, EXPERT_AXIS))))
    logger.info(f"aux loss {loss}")
    return loss


if __name__ == "__main__":
    main(*inputs())
