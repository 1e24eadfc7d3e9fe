"""Specs read through two levels of objects: a layout dataclass instance a writer's constructor
stores (`self.ann.dense` in a method), and a config dataclass whose layout field is
`field(default_factory=QueueLayout)` (`cfg.layout.checkpoint`, also through `self.cfg`)."""
from dataclasses import dataclass, field

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


@dataclass(frozen=True)
class AnnLayout:
    X: P = P(("i", "j"), None)
    dense: P = field(default_factory=lambda: P("j", None, reduced={"i"}))


class Writer:
    def __init__(self, layout):
        self.ann = layout

    def densify(self, X):
        return top_level_all_gather(X, self.ann.dense)  # SF104


@dataclass
class QueueLayout:
    train: P = field(default_factory=lambda: P("i", "j"))
    checkpoint: P = field(default_factory=lambda: P("j", None, reduced={"i"}))


@dataclass
class Config:
    dim: int = 8
    layout: QueueLayout = field(default_factory=QueueLayout)


class Checkpointer:
    def __init__(self, cfg):
        self.cfg = cfg

    def save(self, queue):
        return top_level_all_gather(queue, self.cfg.layout.checkpoint)  # SF104


def main(mesh, x):
    layout = AnnLayout()
    cfg = Config()
    with jax.set_mesh(mesh):
        X = jax.device_put(np.asarray(x), NamedSharding(mesh, layout.X))
        queue = jax.device_put(np.asarray(x), NamedSharding(mesh, cfg.layout.train))
        return Writer(layout).densify(X), Checkpointer(cfg).save(queue)
