"""Inference server helpers: a decode step with pluggable debug hooks.

The output projection is row-parallel over the tensor-parallel axis, so its partial logits
are summed with a psum. Debug hooks registered on the server can capture intermediate
values; the ``"gather"`` hook collects them over an axis for inspection on the host.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from enum import Enum
from typing import Callable, Final, Optional

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["HookKind", "ServerConfig", "DecodeServer", "main"]

logger = logging.getLogger(__name__)

REPLICA_AXIS: Final[str] = "replica"
TP_AXIS: Final[str] = "tp"

HookFn = Callable[[jax.Array, str], jax.Array]


class HookKind(str, Enum):
    NONE = "none"
    GATHER = "gather"
    CHECKSUM = "checksum"


def _hook_none(value: jax.Array, axis: str) -> jax.Array:
    return value


def _hook_gather(value: jax.Array, axis: str) -> jax.Array:
    return jax.lax.all_gather(value, axis, axis=0, tiled=True, to="reduced")


def _hook_checksum(value: jax.Array, axis: str) -> jax.Array:
    return jnp.sum(value, axis=-1, keepdims=True)


_HOOKS: Final[dict[HookKind, HookFn]] = {
    HookKind.NONE: _hook_none,
    HookKind.GATHER: _hook_gather,
    HookKind.CHECKSUM: _hook_checksum,
}


@dataclass(frozen=True)
class ServerConfig:
    """Decode-server configuration.

    Attributes:
        hook: Debug hook applied to the logits.
        hook_axis: Mesh axis the hook works over; defaults to the TP axis.
        mesh_shape: Shape of the (replica, tp) mesh.
    """

    hook: HookKind = HookKind.CHECKSUM
    hook_axis: Optional[str] = None
    mesh_shape: tuple[int, int] = field(default=(2, 4))

    def validate(self) -> None:
        if self.hook_axis is not None and self.hook_axis not in (REPLICA_AXIS, TP_AXIS):
            raise ValueError(
                f"hook_axis must be one of {(REPLICA_AXIS, TP_AXIS)} or None, got {self.hook_axis!r}."
            )


class DecodeServer:
    """Runs single-token decode steps on a (replica, tp) mesh."""

    def __init__(self, config: ServerConfig) -> None:
        config.validate()
        self.config = config
        self.mesh = jax.make_mesh(config.mesh_shape, (REPLICA_AXIS, TP_AXIS))
        self._hook_axis = config.hook_axis or TP_AXIS

    def _decode(self, h: jax.Array, w_out: jax.Array) -> jax.Array:
        partial_logits = h @ w_out
        logits = jax.lax.psum(partial_logits, TP_AXIS)
        hook = _HOOKS[self.config.hook]
        return hook(logits, self._hook_axis)

    def step(self, hidden: np.ndarray, w_out: np.ndarray) -> jax.Array:
        """Runs one decode step.

        Args:
            hidden: Hidden states (batch, d_model).
            w_out: Output projection (d_model, vocab).

        Returns:
            Hooked logits.
        """
        h = jax.device_put(hidden, NamedSharding(self.mesh, P(REPLICA_AXIS, TP_AXIS)))
        w = jax.device_put(w_out, NamedSharding(self.mesh, P(TP_AXIS, None)))
        if self.config.hook is HookKind.GATHER:
            out_spec = P(REPLICA_AXIS, None, reduced={self._hook_axis})
        else:
            out_spec = P(REPLICA_AXIS, None)
        fn = jax.shard_map(self._decode, mesh=self.mesh,
                           in_specs=(P(REPLICA_AXIS, TP_AXIS), P(TP_AXIS, None)),
                           out_specs=out_spec)
        return fn(h, w)


def inputs() -> tuple[ServerConfig, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(21)
    return (ServerConfig(), rng.normal(size=(4, 16)).astype(np.float32),
            rng.normal(size=(16, 32)).astype(np.float32))


def main(config: ServerConfig, hidden: np.ndarray, w_out: np.ndarray) -> jax.Array:
    logging.basicConfig(level=logging.INFO)
    server = DecodeServer(config)
    logits = server.step(hidden, w_out)
    logger.info(f"decode step produced logits {logits.shape}")
    return logits


if __name__ == "__main__":
    main(*inputs())
