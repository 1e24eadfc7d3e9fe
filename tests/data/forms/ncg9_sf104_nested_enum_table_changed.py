"""Near miss of cg9: main replaces the inner table's "up" entry before converting, with one that
lists both gathered axes (valid); the table is not the one written."""
from enum import Enum

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class Stage(str, Enum):
    TRAIN = "train"
    SERVE = "serve"


LAYOUT = {
    Stage.TRAIN: {"down": P(("i", "j"), None), "up": P(("i", "j"), None)},
    Stage.SERVE: {"down": P("i", None, reduced={"j"}), "up": P(None, None, reduced={"i"})},
}


class Converter:
    def __init__(self, mesh):
        self.mesh = mesh

    def place(self, params):
        return {k: jax.device_put(v, NamedSharding(self.mesh, LAYOUT[Stage.TRAIN][k])) for k, v in params.items()}

    def convert(self, params):
        return {k: top_level_all_gather(v, LAYOUT[Stage.SERVE][k]) for k, v in params.items()}


def main(mesh, x):
    LAYOUT[Stage.SERVE]["up"] = P(None, None, reduced={"i", "j"})
    params = {name: np.asarray(x) for name in ("down", "up")}
    conv = Converter(mesh)
    with jax.set_mesh(mesh):
        return conv.convert(conv.place(params))
