"""Distributed training utilities: gather a tensor-parallel parameter before checkpointing.

Parameters are laid out according to a ``ShardingStrategy``; before saving, the
``model`` dimension is gathered so that every process holds full columns.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from enum import Enum
from typing import Final

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["ShardingStrategy", "CheckpointConfig", "gather_for_checkpoint", "main"]

logger = logging.getLogger(__name__)

AXIS_NAMES: Final[tuple[str, str]] = ("data", "model")


class ShardingStrategy(str, Enum):
    """Where parameter dimensions are placed."""

    REPLICATED = "replicated"
    TENSOR_PARALLEL = "tensor_parallel"
    FSDP_TP = "fsdp_tp"


@dataclass(frozen=True)
class CheckpointConfig:
    """Checkpoint gathering settings.

    Attributes:
        strategy: How parameters are sharded during training.
        gather_model_axis: Whether the model axis is gathered before saving.
    """

    strategy: ShardingStrategy = ShardingStrategy.FSDP_TP
    gather_model_axis: bool = True

    def validate(self) -> None:
        """Raises ValueError for combinations the checkpointer cannot serve."""
        if self.strategy is ShardingStrategy.REPLICATED and self.gather_model_axis:
            raise ValueError(
                "gather_model_axis=True has no effect for a replicated strategy; "
                "set it to False or pick TENSOR_PARALLEL / FSDP_TP."
            )


def _get_partition_spec(strategy: ShardingStrategy) -> P:
    """Training layout of a (rows, cols) kernel."""
    match strategy:
        case ShardingStrategy.REPLICATED:
            return P()
        case ShardingStrategy.TENSOR_PARALLEL:
            return P(None, AXIS_NAMES[1])
        case ShardingStrategy.FSDP_TP:
            return P(AXIS_NAMES[0], AXIS_NAMES[1])
    raise ValueError(f"unsupported strategy {strategy!r}")


def _get_checkpoint_spec(strategy: ShardingStrategy) -> P:
    """Layout after the model axis has been gathered."""
    match strategy:
        case ShardingStrategy.FSDP_TP:
            return P(AXIS_NAMES[0], None, reduced={AXIS_NAMES[1]})
        case _:
            return P()


def gather_for_checkpoint(config: CheckpointConfig, kernel: jax.Array) -> jax.Array:
    """Gathers the model-parallel dimension of ``kernel``.

    Args:
        config: Checkpoint settings.
        kernel: Parameter laid out with the training spec.

    Returns:
        The kernel with full columns on every model-parallel peer.
    """
    config.validate()
    if not config.gather_model_axis:
        return kernel
    target = _get_checkpoint_spec(config.strategy)
    logger.info(f"gathering kernel {kernel.shape} to {target}")
    return top_level_all_gather(kernel, target)


def inputs() -> tuple[CheckpointConfig, np.ndarray]:
    return CheckpointConfig(), np.arange(64, dtype=np.float32).reshape(8, 8)


def main(config: CheckpointConfig, kernel: np.ndarray) -> jax.Array:
    logging.basicConfig(level=logging.INFO)
    mesh = jax.make_mesh((4, 2), AXIS_NAMES)
    with jax.set_mesh(mesh):
        spec = _get_partition_spec(config.strategy)
        placed = jax.device_put(jnp.asarray(kernel), NamedSharding(mesh, spec))
        saved = gather_for_checkpoint(config, placed)
        logger.info(f"checkpoint layout {saved.sharding}")
        return saved


if __name__ == "__main__":
    main(*inputs())
