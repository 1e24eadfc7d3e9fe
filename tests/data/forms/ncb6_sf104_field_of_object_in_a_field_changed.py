"""Near misses of cb6: the inner layout is built with a valid keyword (`AnnLayout(dense=...)`),
a config's layout field is replaced after construction (`cfg.layout = ...`), and a layout class
with a `__post_init__` that may change its fields."""
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
        return top_level_all_gather(X, self.ann.dense)


@dataclass
class QueueLayout:
    checkpoint: P = field(default_factory=lambda: P("j", None, reduced={"i"}))


@dataclass
class Config:
    layout: QueueLayout = field(default_factory=QueueLayout)


@dataclass
class Fixed:
    checkpoint: P = field(default_factory=lambda: P("j", None, reduced={"i"}))

    def __post_init__(self):
        object.__setattr__(self, "checkpoint", P("i", None, reduced={"j"}))


@dataclass
class Holder:
    fixed: Fixed = field(default_factory=Fixed)


def main(mesh, x):
    cfg = Config()
    cfg.layout = QueueLayout(checkpoint=P("i", None, reduced={"j"}))
    holder = Holder()
    with jax.set_mesh(mesh):
        X = jax.device_put(np.asarray(x), NamedSharding(mesh, P(("i", "j"), None)))
        return (Writer(AnnLayout(dense=P("i", None, reduced={"j"}))).densify(X),
                top_level_all_gather(X, cfg.layout.checkpoint), top_level_all_gather(X, holder.fixed.checkpoint))
