"""Tensor-parallel layer library: an MLP block for models too small to split the FFN.

For small hidden sizes the library gathers the column-parallel projection back to full
features (``ffn_gather=True``) and applies the activation on every rank, which avoids a
row-parallel second matmul.
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

__all__ = ["Activation", "MLPConfig", "GatheredMLP", "main"]

logger = logging.getLogger(__name__)

DP: Final[str] = "dp"
TP: Final[str] = "tp"


class Activation(str, Enum):
    GELU = "gelu"
    RELU = "relu"
    SILU = "silu"


_ACTIVATIONS: Final[dict[Activation, Callable[[jax.Array], jax.Array]]] = {
    Activation.GELU: jax.nn.gelu,
    Activation.RELU: jax.nn.relu,
    Activation.SILU: jax.nn.silu,
}


@dataclass(frozen=True)
class MLPConfig:
    """MLP settings.

    Attributes:
        d_model: Model width.
        d_ff: Feed-forward width.
        activation: Activation after the first projection.
        ffn_gather: Gather the first projection's output over TP.
    """

    d_model: int = 8
    d_ff: int = 16
    activation: Activation = Activation.GELU
    ffn_gather: bool = True

    def validate(self) -> None:
        if self.d_ff < self.d_model:
            raise ValueError(f"d_ff={self.d_ff} is smaller than d_model={self.d_model}; this is almost certainly a config typo.")


class GatheredMLP:
    """Column-parallel up-projection, gathered, activation, replicated down-projection."""

    def __init__(self, config: MLPConfig, mesh: jax.sharding.Mesh) -> None:
        config.validate()
        self.config = config
        self.mesh = mesh
        self._act = _ACTIVATIONS[config.activation]

    def _body(self, x: jax.Array, w_up: jax.Array, w_down: jax.Array) -> jax.Array:
        h = self._act(x @ w_up)
        if self.config.ffn_gather:
            h = jax.lax.all_gather(h, TP, axis=1, tiled=True, to="reduced")
        return h @ w_down

    def __call__(self, x: jax.Array, w_up: jax.Array, w_down: jax.Array) -> jax.Array:
        fn = jax.shard_map(self._body, mesh=self.mesh,
                           in_specs=(P(DP, None), P(None, TP), P()),
                           out_specs=P(DP, None))
        return fn(x, w_up, w_down)


def inputs() -> tuple[MLPConfig, np.ndarray, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(23)
    return (MLPConfig(), rng.normal(size=(4, 8)).astype(np.float32),
            rng.normal(size=(8, 16)).astype(np.float32), rng.normal(size=(16, 8)).astype(np.float32))


def main(config: MLPConfig, x: np.ndarray, w_up: np.ndarray, w_down: np.ndarray) -> jax.Array:
    mesh = jax.make_mesh((2, 4), (DP, TP))
    put = lambda a, s: jax.device_put(a, NamedSharding(mesh, s))
    mlp = GatheredMLP(config, mesh)
    y = mlp(put(x, P(DP, None)), put(w_up, P(None, TP)), put(w_down, P()))
    logger.info(f"mlp out {y.shape}")
    return y


if __name__ == "__main__":
    main(*inputs())
