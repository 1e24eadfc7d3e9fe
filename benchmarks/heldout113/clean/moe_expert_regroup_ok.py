"""MoE layer: regroup expert weights from the training layout to the serving layout.

During training every device owns whole experts: the expert dimension is split over the
flattened (expert, data) axes. For serving, experts are split over a single axis and the
other axis holds replicas, so the regrouping gathers the replica axis away.
"""
from __future__ import annotations

import argparse
import logging
from dataclasses import dataclass
from typing import Any, Final

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["RegroupConfig", "regroup_experts", "main"]

logger = logging.getLogger(__name__)

EXPERT_AXIS: Final[str] = "expert"
DATA_AXIS: Final[str] = "data"
TRAIN_SPEC: Final[P] = P((EXPERT_AXIS, DATA_AXIS), None, None)


@dataclass(frozen=True)
class RegroupConfig:
    """Serving layout settings.

    Attributes:
        serve_axis: Axis the experts stay split over when serving.
        replica_axis: Axis that becomes a replica axis.
    """

    serve_axis: str = EXPERT_AXIS
    replica_axis: str = DATA_AXIS

    def validate(self) -> None:
        if {self.serve_axis, self.replica_axis} != {EXPERT_AXIS, DATA_AXIS}:
            raise ValueError(
                f"serve_axis and replica_axis must be {EXPERT_AXIS!r} and {DATA_AXIS!r} in some order, "
                f"got serve_axis={self.serve_axis!r}, replica_axis={self.replica_axis!r}."
            )

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> "RegroupConfig":
        serve = raw.get("serve_axis", DATA_AXIS)
        replica = EXPERT_AXIS if serve == DATA_AXIS else DATA_AXIS
        return cls(serve_axis=serve, replica_axis=replica)


def _serving_spec(config: RegroupConfig) -> P:
    return P(config.serve_axis, None, None, reduced={config.replica_axis})


def regroup_experts(config: RegroupConfig, experts: jax.Array) -> jax.Array:
    """Gathers the replica axis of the expert weights.

    Args:
        config: Serving layout settings.
        experts: Expert weights (num_experts, d_in, d_out) in ``TRAIN_SPEC``.

    Returns:
        The weights in the serving layout.
    """
    config.validate()
    target = _serving_spec(config)
    logger.info(f"regrouping experts {TRAIN_SPEC} -> {target}")
    return top_level_all_gather(experts, target)


def inputs() -> tuple[RegroupConfig, np.ndarray]:
    parser = argparse.ArgumentParser()
    parser.add_argument("--serve-axis", default=EXPERT_AXIS)
    args = parser.parse_args([])
    experts = np.random.default_rng(53).normal(size=(8, 4, 4)).astype(np.float32)
    return RegroupConfig.from_dict({"serve_axis": args.serve_axis}), experts


def main(config: RegroupConfig, experts: np.ndarray) -> jax.Array:
    mesh = jax.make_mesh((4, 2), (EXPERT_AXIS, DATA_AXIS))
    with jax.set_mesh(mesh):
        placed = jax.device_put(experts, NamedSharding(mesh, TRAIN_SPEC))
        served = regroup_experts(config, placed)
        logger.info(f"served experts {served.sharding.spec}")
        return served


if __name__ == "__main__":
    main(*inputs())
