"""Checkpoint export: int8 quantisation of the dense kernels for the scoring fleet.

The quantiser sees whole kernel columns (fsdp row shards gathered read-only) and rounds them to
int8 with the configured scale.
"""
import dataclasses
import functools

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


def columns(x, axis):
    return jax.lax.all_gather(x, axis, axis=0, tiled=True, to="reduced")


@export_step("quantize")
def quantize(kernel, rows_axis, scale):
    full = columns(kernel, rows_axis)
    q = jnp.round(full * (127.0 / scale))
    return q.astype(jnp.int8)


def inputs():
    rng = np.random.default_rng(45)
    return (rng.normal(size=(32, 16)).astype(np.float32),)


def main(kernel):
    cfg = ExportConfig.from_overrides(["steps=quantize"])
    mesh = make_mesh(cfg)
    fsdp, tp = cfg.mesh_axes
    kernel = place(mesh, kernel, P(fsdp, tp))
    body = functools.partial(EXPORT_STEPS[cfg.steps[0]], rows_axis=fsdp, scale=4.0)
    return jax.shard_map(body, mesh=mesh, in_specs=P(fsdp, tp), out_specs=P(None, tp))(kernel)


if __name__ == "__main__":
    main(*inputs())
