"""Checkpoint conversion: sanity statistics of converted tensors.

After converting a row-parallel kernel, the converter compares the RMS of the projected
probe against the source checkpoint. The projection is completed with a psum over TP and
the RMS is averaged over the axes listed in the conversion report spec.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Final, Literal

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["ReportSpec", "conversion_rms", "main"]

logger = logging.getLogger(__name__)

FSDP: Final[str] = "fsdp"
TP: Final[str] = "tp"


@dataclass(frozen=True)
class ReportSpec:
    """Conversion report spec.

    Attributes:
        average_over: Mesh axes the statistic is averaged over.
        statistic: Which statistic the report contains.
    """

    average_over: tuple[str, ...] = (FSDP,)
    statistic: Literal["rms", "maxabs"] = "rms"

    def validate(self) -> None:
        unknown = set(self.average_over) - {FSDP, TP}
        if unknown:
            raise ValueError(f"average_over names unknown mesh axes {sorted(unknown)}; expected a subset of {(FSDP, TP)}.")


def _statistic(y: jax.Array, kind: Literal["rms", "maxabs"]) -> jax.Array:
    if kind == "rms":
        return jnp.sqrt(jnp.mean(y**2))
    return jnp.max(jnp.abs(y))


def conversion_rms(spec: ReportSpec, kernel: jax.Array, probe: jax.Array, mesh: jax.sharding.Mesh) -> jax.Array:
    """Averages the statistic of the probe projection.

    Args:
        spec: Report spec.
        kernel: Row-parallel kernel split (tp, fsdp).
        probe: Probe batch (rows, d_in) split (fsdp, tp).
        mesh: The mesh.

    Returns:
        The averaged statistic.
    """
    spec.validate()

    def _body(k: jax.Array, x: jax.Array) -> jax.Array:
        y = jax.lax.psum(x @ k, TP)
        return jax.lax.pmean(_statistic(y, spec.statistic), spec.average_over)

    fn = jax.shard_map(_body, mesh=mesh, in_specs=(P(TP, None), P(FSDP, TP)), out_specs=P())
    return fn(kernel, probe)


def inputs() -> tuple[ReportSpec, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(103)
    return ReportSpec(), rng.normal(size=(8, 4)).astype(np.float32), rng.normal(size=(8, 8)).astype(np.float32)


def main(spec: ReportSpec, kernel: np.ndarray, probe: np.ndarray) -> jax.Array:
    mesh = jax.make_mesh((4, 2), (FSDP, TP))
    rms = conversion_rms(spec, jax.device_put(kernel, NamedSharding(mesh, P(TP, None))),
                         jax.device_put(probe, NamedSharding(mesh, P(FSDP, TP))), mesh)
    logger.info(f"conversion rms {rms}")
    return rms


if __name__ == "__main__":
    main(*inputs())
