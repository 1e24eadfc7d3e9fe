import argparse
from dataclasses import dataclass

import jax
from jax import lax
from jax.sharding import PartitionSpec as P


@dataclass(frozen=True)
class TrainConfig:
    data_axis: str
    model_axis: str
    lr: float


def load_config(argv=()):
    parser = argparse.ArgumentParser()
    parser.add_argument("--data-axis", default="i")
    parser.add_argument("--model-axis", default="j")
    parser.add_argument("--lr", type=float, default=1e-3)
    args = parser.parse_args(list(argv))
    return TrainConfig(**vars(args))


CONFIG = load_config()


def update(w, cfg=CONFIG):
    g = lax.psum(w * cfg.lr, cfg.model_axis)
    return lax.all_gather(g, cfg.model_axis, tiled=True, to="reduced")  # SF101


def run(mesh, x):
    return jax.shard_map(update, mesh=mesh, in_specs=P(None, CONFIG.model_axis),
                         out_specs=P(reduced={"j"}))(x)
