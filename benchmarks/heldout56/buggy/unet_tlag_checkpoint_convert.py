"""Convert a UNet checkpoint from the training layout to the inference server's, block by block."""
from enum import Enum

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Stage(str, Enum):
    TRAIN = "train"
    SERVE = "serve"


LAYOUT = {
    Stage.TRAIN: {"down": P(("data", "model"), None), "mid": P("data", "model"), "up": P(("data", "model"), None)},
    Stage.SERVE: {"down": P("data", None, reduced={"model"}), "mid": P("data", "model"), "up": P(None, None, reduced={"data"})},
}


def load_checkpoint(rng):
    return {name: rng.standard_normal((16, 8), dtype=np.float32) for name in ("down", "mid", "up")}


class CheckpointConverter:
    def __init__(self, mesh):
        self.mesh = mesh

    def place(self, params):
        return {k: jax.device_put(v, NamedSharding(self.mesh, LAYOUT[Stage.TRAIN][k])) for k, v in params.items()}

    def convert(self, params):
        return {k: top_level_all_gather(v, LAYOUT[Stage.SERVE][k]) for k, v in params.items()}


def inputs():
    return (load_checkpoint(np.random.default_rng(35)),)


def main(params):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    conv = CheckpointConverter(mesh)
    with jax.set_mesh(mesh):
        served = conv.convert(conv.place(params))
    print({k: v.sharding.spec for k, v in served.items()})
    return served


if __name__ == "__main__":
    main(*inputs())
