"""Levanter-like train-step hooks: the number of real tokens per step, logged per data shard."""
import dataclasses
from typing import NamedTuple

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Axis(NamedTuple):
    name: str
    size: int


Batch = Axis("batch", 8)
Pos = Axis("position", 16)


@dataclasses.dataclass
class TrainerConfig:
    mesh_shape: dict = dataclasses.field(default_factory=lambda: {"data": 2, "model": 4})
    batch_axis: str = "batch"
    axis_resources: dict = dataclasses.field(default_factory=lambda: {"position": "model"})

    @property
    def compute_axis_mapping(self):
        return {self.batch_axis: "data", **self.axis_resources}

    def device_mesh(self):
        return jax.make_mesh(tuple(self.mesh_shape.values()), tuple(self.mesh_shape))


def physical_axis_name(axis, mapping):
    return mapping.get(axis.name if isinstance(axis, Axis) else axis)


def pspec_for_axes(axes, mapping):
    return P(*(physical_axis_name(a, mapping) for a in axes))


def _replicate_for_logging(x, axis, mapping):
    return jax.lax.all_gather(x[None], physical_axis_name(axis, mapping), to="reduced", tiled=True)


def count_tokens(mask, mapping):
    local = mask.sum()
    num_tokens = jax.lax.psum(local, physical_axis_name(Batch, mapping))
    return _replicate_for_logging(num_tokens, Batch, mapping)


def inputs():
    rng = np.random.default_rng(18)
    mask = (rng.random((Batch.size, Pos.size)) > 0.3).astype(np.float32)
    return TrainerConfig(), mask


def main(config, mask):
    mesh = config.device_mesh()
    mapping = config.compute_axis_mapping
    spec = pspec_for_axes((Batch, Pos), mapping)
    mask = jax.device_put(mask, NamedSharding(mesh, spec))
    out = P(physical_axis_name(Pos, mapping), reduced={physical_axis_name(Batch, mapping)})
    fn = jax.shard_map(lambda m: count_tokens(m, mapping), mesh=mesh, in_specs=(spec,), out_specs=out)
    return jax.jit(fn)(mask)


if __name__ == "__main__":
    main(*inputs())
