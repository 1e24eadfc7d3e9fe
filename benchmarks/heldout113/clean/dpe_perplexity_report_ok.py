"""Data-parallel evaluation script: perplexity of a vocab-parallel language model head.

Usage:
    python dpe_perplexity_report.py --per-shard-report

The token log-likelihoods are summed over the evaluation shards with a psum; with
``--per-shard-report`` the script also collects the value over the data axis so the report
can show one entry per shard.
"""
from __future__ import annotations

import argparse
import logging
import time
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Final, Iterator, Sequence

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["EvalConfig", "evaluate_perplexity", "main"]

logger = logging.getLogger(__name__)

DATA_AXIS: Final[str] = "data"
MODEL_AXIS: Final[str] = "model"


@dataclass(frozen=True)
class EvalConfig:
    """Evaluation settings.

    Attributes:
        per_shard_report: Also report one value per data shard.
        batch_size: Global evaluation batch size.
    """

    per_shard_report: bool = False
    batch_size: int = 16

    def validate(self, data_parallel: int) -> None:
        if self.batch_size % data_parallel:
            raise ValueError(f"batch_size={self.batch_size} must be divisible by data parallelism {data_parallel}.")

    @classmethod
    def from_args(cls, argv: Sequence[str]) -> "EvalConfig":
        parser = argparse.ArgumentParser(description="perplexity evaluation")
        parser.add_argument("--per-shard-report", action="store_true")
        parser.add_argument("--batch-size", type=int, default=16)
        args = parser.parse_args(list(argv))
        return cls(per_shard_report=args.per_shard_report, batch_size=args.batch_size)


@contextmanager
def _timer(name: str) -> Iterator[None]:
    t0 = time.perf_counter()
    yield
    logger.info(f"{name} finished in {time.perf_counter() - t0:.2f}s")


def _token_nll(h: jax.Array, w: jax.Array, targets: jax.Array) -> jax.Array:
    """Negative log-likelihood with a vocab-parallel softmax."""
    logits = h @ w
    z = jax.lax.psum(jnp.sum(jnp.exp(logits), axis=-1), MODEL_AXIS)
    vocab_start = jax.lax.axis_index(MODEL_AXIS) * logits.shape[-1]
    local = targets - vocab_start
    in_shard = (local >= 0) & (local < logits.shape[-1])
    picked = jnp.take_along_axis(logits, jnp.clip(local, 0, logits.shape[-1] - 1)[:, None], axis=-1)[:, 0]
    target_logit = jax.lax.psum(jnp.where(in_shard, picked, 0.0), MODEL_AXIS)
    return jnp.log(z) - target_logit


def evaluate_perplexity(config: EvalConfig, h: jax.Array, w: jax.Array, targets: jax.Array,
                        mesh: jax.sharding.Mesh) -> jax.Array:
    """Evaluates the summed NLL (and optionally its per-shard collection).

    Args:
        config: Evaluation settings.
        h: Hidden states split over data.
        w: Vocab-parallel head split over model.
        targets: Target ids split over data.
        mesh: The mesh.

    Returns:
        Summed NLL, or the per-shard collection of it.
    """
    config.validate(mesh.shape[DATA_AXIS])

    def _body(hb: jax.Array, wb: jax.Array, tb: jax.Array) -> jax.Array:
        shard_total = jnp.sum(_token_nll(hb, wb, tb), keepdims=True)
        if config.per_shard_report:
            return jax.lax.all_gather(shard_total, DATA_AXIS, tiled=True, to="reduced")
        return jax.lax.psum(shard_total, DATA_AXIS)

    out = P(reduced={DATA_AXIS}) if config.per_shard_report else P()
    fn = jax.shard_map(_body, mesh=mesh, in_specs=(P(DATA_AXIS, None), P(None, MODEL_AXIS), P(DATA_AXIS)),
                       out_specs=out)
    return fn(h, w, targets)


def inputs() -> tuple[EvalConfig, np.ndarray, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(109)
    return (EvalConfig.from_args(["--per-shard-report"]), rng.normal(size=(16, 6)).astype(np.float32),
            rng.normal(size=(6, 8)).astype(np.float32) * 0.3, rng.integers(0, 8, size=(16,)).astype(np.int32))


def main(config: EvalConfig, h: np.ndarray, w: np.ndarray, targets: np.ndarray) -> jax.Array:
    mesh = jax.make_mesh((4, 2), (DATA_AXIS, MODEL_AXIS))
    with _timer("perplexity"):
        nll = evaluate_perplexity(config, jax.device_put(h, NamedSharding(mesh, P(DATA_AXIS, None))),
                                  jax.device_put(w, NamedSharding(mesh, P(None, MODEL_AXIS))),
                                  jax.device_put(targets, NamedSharding(mesh, P(DATA_AXIS))), mesh)
    logger.info(f"summed nll {nll}")
    return nll


if __name__ == "__main__":
    main(*inputs())
