"""Data-parallel evaluation script: bootstrap confidence interval of the eval loss.

Every data shard needs the losses of the whole eval set to draw its own bootstrap
resamples, so the per-example losses are collected over ``data``. Each resampled total is
reported relative to the full-set total, which is combined across the data shards.
"""
from __future__ import annotations

import argparse
import logging
from dataclasses import dataclass
from typing import Any, Final

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["BootstrapConfig", "bootstrap_mean", "main"]

logger = logging.getLogger(__name__)

DATA: Final[str] = "data"
MODEL: Final[str] = "model"


@dataclass(frozen=True)
class BootstrapConfig:
    """Bootstrap settings.

    Attributes:
        resamples: Resamples per shard.
        seed: Base PRNG seed.
    """

    resamples: int = 4
    seed: int = 0

    def validate(self) -> None:
        if self.resamples < 1:
            raise ValueError(f"resamples must be >= 1, got {self.resamples}.")

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> "BootstrapConfig":
        return cls(resamples=int(raw.get("resamples", 4)), seed=int(raw.get("seed", 0)))


def _example_losses(x: jax.Array, w: jax.Array, y: jax.Array) -> jax.Array:
    pred = jax.lax.psum(x @ w, MODEL)
    return (pred - y) ** 2


def bootstrap_mean(config: BootstrapConfig, x: jax.Array, w: jax.Array, y: jax.Array,
                   idx: jax.Array, mesh: jax.sharding.Mesh) -> jax.Array:
    """Bootstrap resample totals relative to the full-set total.

    Args:
        config: Bootstrap settings.
        x: Inputs split (data, model).
        w: Weights split over model.
        y: Targets split over data.
        idx: Resample indices (shards * resamples, n) split over data.
        mesh: The mesh.

    Returns:
        The centred resample totals, one row of resamples per shard.
    """
    config.validate()

    def _body(xb: jax.Array, wb: jax.Array, yb: jax.Array, ib: jax.Array) -> jax.Array:
        losses = jax.lax.all_gather(_example_losses(xb, wb, yb), DATA, tiled=True, to="reduced")
        full_total = jax.lax.psum(jnp.sum(losses, keepdims=True), DATA)
        resampled = jnp.sum(losses[ib], axis=-1)
        return resampled - full_total

    fn = jax.shard_map(_body, mesh=mesh, in_specs=(P(DATA, MODEL), P(MODEL), P(DATA), P(DATA, None)),
                       out_specs=P(DATA))
    return fn(x, w, y, idx)


def inputs() -> tuple[BootstrapConfig, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    parser = argparse.ArgumentParser()
    parser.add_argument("--resamples", type=int, default=4)
    args = parser.parse_args([])
    rng = np.random.default_rng(127)
    cfg = BootstrapConfig.from_dict({"resamples": args.resamples})
    idx = rng.integers(0, 16, size=(4 * cfg.resamples, 16)).astype(np.int32)
    return (cfg, rng.normal(size=(16, 8)).astype(np.float32), rng.normal(size=(8,)).astype(np.float32),
            rng.normal(size=(16,)).astype(np.float32), idx)


def main(config: BootstrapConfig, x: np.ndarray, w: np.ndarray, y: np.ndarray, idx: np.ndarray) -> jax.Array:
    mesh = jax.make_mesh((4, 2), (DATA, MODEL))
    put = lambda a, s: jax.device_put(a, NamedSharding(mesh, s))
    total = bootstrap_mean(config, put(x, P(DATA, MODEL)), put(w, P(MODEL)), put(y, P(DATA)),
                           put(idx, P(DATA, None)), mesh)
    logger.info(f"bootstrap total {total}")
    return total


if __name__ == "__main__":
    main(*inputs())
