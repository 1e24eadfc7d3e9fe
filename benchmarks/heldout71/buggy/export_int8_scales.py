"""Checkpoint export for the scoring fleet: int8 scales of the risk model's dense kernels.

Per-output-column absmax scales are reduced over the tensor-parallel shards of each column
block and assembled into the scale table the int8 kernels read.
"""
import dataclasses

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


# --- sharding utils -------------------------------------------------------------------------

def make_mesh(cfg):
    return jax.make_mesh(cfg.mesh_shape, cfg.mesh_axes)


def place(mesh, array, spec):
    return jax.device_put(array, NamedSharding(mesh, spec))


@export_step("absmax")
def absmax(kernel, axes):
    return jax.lax.pmax(jnp.max(jnp.abs(kernel), axis=0, keepdims=True), axes[1])


@export_step("scales")
def scales(absmax_row, axes):
    table = jax.lax.all_gather(absmax_row, axes[1], axis=1, tiled=True, to="reduced")
    return table


def inputs():
    rng = np.random.default_rng(40)
    return (rng.normal(size=(32, 16)).astype(np.float32),)


def main(kernel):
    cfg = ExportConfig.from_overrides(["steps=absmax,scales"])
    mesh = make_mesh(cfg)
    fsdp, tp = cfg.mesh_axes
    kernel = place(mesh, kernel, P(fsdp, tp))

    def run(k):
        out = k
        for name in cfg.steps:
            out = EXPORT_STEPS[name](out, cfg.mesh_axes)
        return out

    return jax.shard_map(run, mesh=mesh, in_specs=P(fsdp, tp), out_specs=P(fsdp, None, reduced={tp}))(kernel)


if __name__ == "__main__":
    main(*inputs())
