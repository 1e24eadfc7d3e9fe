"""Data-parallel evaluation script: dump class-parallel predictions for error analysis.

Usage:
    python dpe_prediction_dump.py --dump-axes data,model

Scores are produced class-parallel over ``model``. The script first assembles the class
dimension, then gathers the dump over the axes given on the command line.
"""
from __future__ import annotations

import argparse
import logging
from dataclasses import dataclass
from typing import Final, Sequence

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["DumpOptions", "dump_predictions", "main"]

logger = logging.getLogger(__name__)

DATA_AXIS: Final[str] = "data"
MODEL_AXIS: Final[str] = "model"


@dataclass(frozen=True)
class DumpOptions:
    """Dump options.

    Attributes:
        dump_axes: Mesh axes the dump is gathered over.
    """

    dump_axes: tuple[str, ...] = (DATA_AXIS,)

    def validate(self) -> None:
        bad = [a for a in self.dump_axes if a not in (DATA_AXIS, MODEL_AXIS)]
        if bad:
            raise ValueError(f"--dump-axes names unknown axes {bad}; valid axes are {DATA_AXIS!r} and {MODEL_AXIS!r}.")

    @classmethod
    def parse(cls, argv: Sequence[str]) -> "DumpOptions":
        parser = argparse.ArgumentParser()
        parser.add_argument("--dump-axes", default=DATA_AXIS)
        args = parser.parse_args(list(argv))
        return cls(dump_axes=tuple(a.strip() for a in args.dump_axes.split(",") if a.strip()))


def _scores(x: jax.Array, w: jax.Array) -> jax.Array:
    return jax.nn.log_sigmoid(x @ w)


def dump_predictions(opts: DumpOptions, x: jax.Array, w: jax.Array, mesh: jax.sharding.Mesh) -> jax.Array:
    """Gathers the prediction table for the dump.

    Args:
        opts: Dump options.
        x: Inputs split over data.
        w: Class-parallel head split over model.
        mesh: The mesh.

    Returns:
        The gathered prediction table.
    """
    opts.validate()

    def _body(xb: jax.Array, wb: jax.Array) -> jax.Array:
        table = jax.lax.all_gather(_scores(xb, wb), MODEL_AXIS, axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(table, opts.dump_axes, axis=0, tiled=True, to="reduced")

    fn = jax.shard_map(_body, mesh=mesh, in_specs=(P(DATA_AXIS, None), P(None, MODEL_AXIS)),
                       out_specs=P(None, None, reduced={MODEL_AXIS, *opts.dump_axes}))
    return fn(x, w)


def inputs() -> tuple[DumpOptions, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(113)
    return (DumpOptions.parse(["--dump-axes", "data,model"]), rng.normal(size=(8, 6)).astype(np.float32),
            rng.normal(size=(6, 4)).astype(np.float32))


def main(opts: DumpOptions, x: np.ndarray, w: np.ndarray) -> jax.Array:
    mesh = jax.make_mesh((4, 2), (DATA_AXIS, MODEL_AXIS))
    table = dump_predictions(opts, jax.device_put(x, NamedSharding(mesh, P(DATA_AXIS, None))),
                             jax.device_put(w, NamedSharding(mesh, P(None, MODEL_AXIS))), mesh)
    logger.info(f"dumped {table.shape}")
    return table


if __name__ == "__main__":
    main(*inputs())
