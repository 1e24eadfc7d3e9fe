import dataclasses

import jax
from jax.sharding import PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class AxisNames:
    data: str = "i"
    model: str = "j"


@dataclasses.dataclass(frozen=True)
class Config:
    axes: AxisNames = dataclasses.field(default_factory=AxisNames)
    lr: float = 0.1


class Step:
    def __init__(self, config):
        self.config = config

    def __call__(self, h):
        axes = self.config.axes
        partial_sum = jax.lax.psum(h, axes.model)
        return jax.lax.psum(partial_sum, (axes.data, axes.model))  # SF105


def run(mesh, x):
    step = Step(Config())
    return jax.shard_map(step, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
