"""Checkpoint export: checksums of the exported kernels, compared by the loader on the
serving side. The fsdp shards of a kernel are assembled read-only, then checksummed."""
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


CHECKSUMS = {
    "l1": lambda v, axis: jax.lax.psum(jnp.sum(jnp.abs(v), axis=0), axis),
    "rows": lambda v, axis: jnp.sum(jnp.ones_like(v), axis=0),
}


@export_step("checksum")
def checksum(kernel, axes, kind):
    full = jax.lax.all_gather(kernel, axes[0], axis=0, tiled=True, to="reduced")
    return CHECKSUMS[kind](full, axes[0])


def inputs():
    rng = np.random.default_rng(42)
    return (rng.normal(size=(32, 16)).astype(np.float32),)


def main(kernel):
    cfg = ExportConfig(steps=("checksum",), options={"kind": "l1"})
    mesh = make_mesh(cfg)
    fsdp, tp = cfg.mesh_axes
    kernel = place(mesh, kernel, P(fsdp, tp))

    def run(k):
        return EXPORT_STEPS[cfg.steps[0]](k, cfg.mesh_axes, **cfg.options)

    return jax.shard_map(run, mesh=mesh, in_specs=P(fsdp, tp), out_specs=P(tp))(kernel)


if __name__ == "__main__":
    main(*inputs())
