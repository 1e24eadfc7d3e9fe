"""Data-parallel evaluation script: collect per-example results before writing them out.

Usage:
    python dpe_results_collect.py --output results.npy

The eval step returns a (examples, features) result table split over (data, model). The
writer needs every feature of its examples, so the feature dimension is gathered with
``top_level_all_gather`` before the table is written.
"""
from __future__ import annotations

import argparse
import logging
from dataclasses import dataclass
from typing import Final, Sequence

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["WriterOptions", "collect_results", "main"]

logger = logging.getLogger(__name__)

DATA_AXIS: Final[str] = "data"
MODEL_AXIS: Final[str] = "model"
RESULT_SPEC: Final[P] = P(DATA_AXIS, MODEL_AXIS)


@dataclass(frozen=True)
class WriterOptions:
    """Result writer options.

    Attributes:
        output: Output path (not written in dry runs).
        dry_run: Skip writing.
    """

    output: str = "results.npy"
    dry_run: bool = True

    def validate(self) -> None:
        if not self.output.endswith(".npy"):
            raise ValueError(f"--output must name a .npy file, got {self.output!r}.")

    @classmethod
    def parse(cls, argv: Sequence[str]) -> "WriterOptions":
        parser = argparse.ArgumentParser()
        parser.add_argument("--output", default="results.npy")
        parser.add_argument("--write", action="store_true")
        args = parser.parse_args(list(argv))
        return cls(output=args.output, dry_run=not args.write)


def _eval_step(x: jax.Array, w: jax.Array) -> jax.Array:
    return jnp.tanh(x * w)


def _writer_spec() -> P:
    """Layout the writer reads: full features, examples still split over data."""
    return P(DATA_AXIS, None)


def collect_results(opts: WriterOptions, results: jax.Array) -> jax.Array:
    """Gathers the feature dimension of the results.

    Args:
        opts: Writer options.
        results: Results in ``RESULT_SPEC``.

    Returns:
        The results in the writer's layout.
    """
    opts.validate()
    return top_level_all_gather(results, _writer_spec())


def inputs() -> tuple[WriterOptions, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(131)
    return WriterOptions.parse([]), rng.normal(size=(8, 4)).astype(np.float32), rng.normal(size=(8, 4)).astype(np.float32)


def main(opts: WriterOptions, x: np.ndarray, w: np.ndarray) -> jax.Array:
    mesh = jax.make_mesh((4, 2), (DATA_AXIS, MODEL_AXIS))
    with jax.set_mesh(mesh):
        s = NamedSharding(mesh, RESULT_SPEC)
        results = jax.jit(_eval_step, out_shardings=s)(jax.device_put(x, s), jax.device_put(w, s))
        table = collect_results(opts, results)
    if not opts.dry_run:
        np.save(opts.output, np.asarray(table))
    logger.info(f"collected results {table.shape}")
    return table


if __name__ == "__main__":
    main(*inputs())
