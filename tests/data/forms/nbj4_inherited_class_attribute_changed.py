import jax
from jax.sharding import PartitionSpec as P

import numpy as np


class BaseTrainer:
    data_axis = "j"


class Trainer(BaseTrainer):
    def step(self, x):
        return jax.lax.all_gather(x, self.data_axis, tiled=True, to="reduced")  # none


class Wide(np.ndarray):
    pass


class Leaf(Trainer):
    data_axis = "i"


def main(x):
    BaseTrainer.data_axis = "i"
    trainer, leaf = Trainer(), Leaf()
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    first = jax.shard_map(trainer.step, mesh=mesh, in_specs=P("i", None), out_specs=P(None, None, reduced={"i"}))(x)
    second = jax.shard_map(leaf.step, mesh=mesh, in_specs=P("i", None), out_specs=P(None, None, reduced={"i"}))(x)
    return first, second


@__import__("dataclasses").dataclass
class Settings:
    axis: str = "j"


class Tuned(Settings):
    def step(self, x):
        return jax.lax.all_gather(x, self.axis, tiled=True, to="reduced")  # none


def tuned(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return jax.shard_map(Tuned(axis="i").step, mesh=mesh, in_specs=P("i", None), out_specs=P(None, None, reduced={"i"}))(x)
