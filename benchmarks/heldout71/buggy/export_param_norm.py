"""Checkpoint export: the parameter-norm report written next to the exported checkpoint.

Each export step subclass knows which mesh axes its statistic is summed over; column norms are
first summed over the tensor-parallel shards.
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


class ExportStatistic:
    AXES = ("fsdp", "tp")

    def local(self, kernel):
        raise NotImplementedError

    def __call__(self, kernel):
        return jax.lax.psum(self.local(kernel), self.AXES)


class SquaredNorm(ExportStatistic):
    def local(self, kernel):
        row_sq = jax.lax.psum(jnp.sum(kernel * kernel, axis=1), self.AXES[1])
        return row_sq.sum()


def inputs():
    rng = np.random.default_rng(44)
    return (rng.normal(size=(32, 16)).astype(np.float32),)


def main(kernel):
    cfg = ExportConfig()
    mesh = make_mesh(cfg)
    kernel = place(mesh, kernel, P(*cfg.mesh_axes))
    return jax.shard_map(SquaredNorm(), mesh=mesh, in_specs=P(*cfg.mesh_axes), out_specs=P())(kernel)


if __name__ == "__main__":
    main(*inputs())
