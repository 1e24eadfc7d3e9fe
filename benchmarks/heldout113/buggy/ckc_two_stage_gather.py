"""Checkpoint conversion: convert FSDP-sharded optimizer moments in two passes.

Pass 1 (``unshard``) assembles the FSDP rows of each moment; pass 2 (``to_target``)
brings them into the target converter's layout, which re-gathers over the axes listed
for the target framework.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from enum import Enum
from typing import Callable, Final

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["TargetFramework", "ConverterConfig", "convert_moments", "main"]

logger = logging.getLogger(__name__)

FSDP: Final[str] = "fsdp"
TP: Final[str] = "tp"


class TargetFramework(str, Enum):
    MEGATRON = "megatron"
    DEEPSPEED = "deepspeed"


_TARGET_GATHER_AXIS: Final[dict[TargetFramework, str]] = {
    TargetFramework.MEGATRON: TP,
    TargetFramework.DEEPSPEED: FSDP,
}

_TARGET_OUT_SPEC: Final[dict[TargetFramework, P]] = {
    TargetFramework.MEGATRON: P(None, TP, reduced={FSDP}),
    TargetFramework.DEEPSPEED: P(None, (TP, FSDP)),
}


@dataclass(frozen=True)
class ConverterConfig:
    """Converter settings.

    Attributes:
        target: Framework the moments are converted for.
        eps: Epsilon used when rebuilding the second moment's root.
    """

    target: TargetFramework = TargetFramework.DEEPSPEED
    eps: float = 1e-8

    def validate(self) -> None:
        if self.eps <= 0.0:
            raise ValueError(f"eps must be positive, got {self.eps}.")


def _unshard(m: jax.Array) -> jax.Array:
    return jax.lax.all_gather(m, FSDP, axis=0, tiled=True, to="reduced")


def _to_target(m: jax.Array, target: TargetFramework) -> jax.Array:
    return jax.lax.all_gather(m, _TARGET_GATHER_AXIS[target], axis=1, tiled=True)


def convert_moments(config: ConverterConfig, mu: jax.Array, mesh: jax.sharding.Mesh) -> jax.Array:
    """Converts the first moment.

    Args:
        config: Converter settings.
        mu: First moment (rows, cols) split (fsdp, tp).
        mesh: The mesh.

    Returns:
        The converted moment.
    """
    config.validate()
    passes: list[Callable[[jax.Array], jax.Array]] = [_unshard, lambda m: _to_target(m, config.target)]

    def _body(m: jax.Array) -> jax.Array:
        for convert_pass in passes:
            m = convert_pass(m)
        return m

    fn = jax.shard_map(_body, mesh=mesh, in_specs=P(FSDP, TP), out_specs=_TARGET_OUT_SPEC[config.target])
    return fn(mu)


def inputs() -> tuple[ConverterConfig, np.ndarray]:
    return ConverterConfig(), np.random.default_rng(101).normal(size=(8, 4)).astype(np.float32)


def main(config: ConverterConfig, mu: np.ndarray) -> jax.Array:
    mesh = jax.make_mesh((4, 2), (FSDP, TP))
    out = convert_moments(config, jax.device_put(mu, NamedSharding(mesh, P(FSDP, TP))), mesh)
    logger.info(f"converted moment {out.shape}")
    return out


if __name__ == "__main__":
    main(*inputs())
