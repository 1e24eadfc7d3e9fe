"""Checkpoint export: the merchant-embedding table written as one array.

The exporter first assembles full embedding rows (tensor-parallel column shards), checks their
norms, then assembles all rows of the table. Axis roles are a NamedTuple of the export job.
"""
import dataclasses
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

EXPORT_STEPS = {}


def export_step(name):
    def register(fn):
        EXPORT_STEPS[name] = fn
        return fn
    return register


@dataclasses.dataclass(frozen=True)
class ExportConfig:
    mesh_shape: tuple = (4, 2)
    mesh_axes: tuple = ("fsdp", "tp")
    steps: tuple = ()
    options: dict = dataclasses.field(default_factory=dict)

    @classmethod
    def from_overrides(cls, overrides):
        kwargs = {}
        for item in overrides:
            key, _, value = item.partition("=")
            kwargs[key] = tuple(value.split(",")) if key in ("steps", "mesh_axes") else value
        return cls(**kwargs)


class ExportAxes(NamedTuple):
    rows: str = "fsdp"
    cols: str = "tp"


# --- sharding utils -------------------------------------------------------------------------

def make_mesh(cfg):
    return jax.make_mesh(cfg.mesh_shape, cfg.mesh_axes)


def place(mesh, array, spec):
    return jax.device_put(array, NamedSharding(mesh, spec))


class EmbeddingExporter:
    def __init__(self, axes=ExportAxes()):
        self.axes = axes

    def full_rows(self, block):
        return jax.lax.all_gather(block, self.axes.cols, axis=1, tiled=True, to="reduced")

    def full_table(self, rows):
        return jax.lax.all_gather(rows, tuple(self.axes), axis=0, tiled=True, to="reduced")

    def __call__(self, block):
        rows = self.full_rows(block)
        norms = jnp.sum(jnp.abs(rows), axis=1)
        return self.full_table(rows), norms


def inputs():
    rng = np.random.default_rng(41)
    return (rng.normal(size=(32, 16)).astype(np.float32),)


def main(table):
    cfg = ExportConfig()
    mesh = make_mesh(cfg)
    axes = ExportAxes(*cfg.mesh_axes)
    table = place(mesh, table, P(axes.rows, axes.cols))
    exporter = EmbeddingExporter(axes)
    return jax.shard_map(exporter, mesh=mesh, in_specs=P(axes.rows, axes.cols),
                         out_specs=(P(None, None, reduced={axes.rows, axes.cols}),
                                    P(axes.rows, reduced={axes.cols})))(table)


if __name__ == "__main__":
    main(*inputs())
