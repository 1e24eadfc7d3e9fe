"""Checkpoint conversion: verify converted tensors with per-shard checksums.

When converting a tensor-parallel checkpoint, the converter writes a checksum manifest.
Row-parallel kernels are checksummed after their partial products are combined, and the
checksums are collected over the axis named in the manifest schema.
"""
from __future__ import annotations

import argparse
import logging
from dataclasses import dataclass
from enum import Enum
from typing import Any, Final

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["TensorKind", "ManifestSchema", "checksum_tensor", "main"]

logger = logging.getLogger(__name__)

FSDP: Final[str] = "fsdp"
TP: Final[str] = "tp"


class TensorKind(str, Enum):
    COLUMN = "column"
    ROW = "row"


@dataclass(frozen=True)
class ManifestSchema:
    """Checksum manifest schema.

    Attributes:
        kind: Parallel kind of the tensor being verified.
        collect_axis: Axis the per-shard checksums are collected over.
    """

    kind: TensorKind = TensorKind.ROW
    collect_axis: str = TP

    def validate(self) -> None:
        if self.collect_axis not in (FSDP, TP):
            raise ValueError(f"collect_axis must be {FSDP!r} or {TP!r}, got {self.collect_axis!r}.")

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> "ManifestSchema":
        return cls(kind=TensorKind(raw.get("kind", "row")), collect_axis=raw.get("collect_axis", TP))


def _probe(kernel: jax.Array, probe_vec: jax.Array, kind: TensorKind) -> jax.Array:
    """Projects a fixed probe through the kernel; row kernels need a psum over TP."""
    out = probe_vec @ kernel
    if kind is TensorKind.ROW:
        out = jax.lax.psum(out, TP)
    return out


def checksum_tensor(schema: ManifestSchema, kernel: jax.Array, probe_vec: jax.Array,
                    mesh: jax.sharding.Mesh) -> jax.Array:
    """Computes the checksums written to the manifest.

    Args:
        schema: Manifest schema.
        kernel: Row-parallel kernel (d_in, d_out) split (tp, fsdp).
        probe_vec: Probe vector (1, d_in) split over tp.
        mesh: The mesh.

    Returns:
        Collected checksums.
    """
    schema.validate()

    def _body(k: jax.Array, v: jax.Array) -> jax.Array:
        projected = _probe(k, v, schema.kind)
        checksum = jnp.sum(jnp.abs(projected), axis=1)
        return jax.lax.all_gather(checksum, schema.collect_axis, tiled=True, to="reduced")

    fn = jax.shard_map(_body, mesh=mesh, in_specs=(P(TP, FSDP), P(None, TP)),
                       out_specs=P(FSDP, reduced={schema.collect_axis}))
    return fn(kernel, probe_vec)


def inputs() -> tuple[ManifestSchema, np.ndarray, np.ndarray]:
    parser = argparse.ArgumentParser()
    parser.add_argument("--collect-axis", default=TP)
    args = parser.parse_args([])
    rng = np.random.default_rng(89)
    return (ManifestSchema.from_dict({"collect_axis": args.collect_axis}),
            rng.normal(size=(8, 8)).astype(np.float32), np.ones((1, 8), np.float32))


def main(schema: ManifestSchema, kernel: np.ndarray, probe_vec: np.ndarray) -> jax.Array:
    mesh = jax.make_mesh((4, 2), (FSDP, TP))
    sums = checksum_tensor(schema, jax.device_put(kernel, NamedSharding(mesh, P(TP, FSDP))),
                           jax.device_put(probe_vec, NamedSharding(mesh, P(None, TP))), mesh)
    logger.info(f"checksums {sums}")
    return sums


if __name__ == "__main__":
    main(*inputs())
