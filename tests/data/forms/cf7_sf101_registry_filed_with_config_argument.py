"""fairseq-style registries: the decorator files the class in one table and the config class it
was given in another; `build(name)` constructs `REGISTRY[name](CONFIGS[name]())`, so the body's
`self.cfg.axis` is the filed config's default, and a gather to reduced of the psum fails."""
from dataclasses import dataclass

import jax
from jax.sharding import PartitionSpec as P

REGISTRY = {}
CONFIGS = {}


def register(name, config=None):
    def wrap(cls):
        REGISTRY[name] = cls
        CONFIGS[name] = config
        return cls
    return wrap


@dataclass
class GatherConfig:
    axis: str = "i"


@register("gather", config=GatherConfig)
class Gather:
    def __init__(self, cfg):
        self.cfg = cfg

    def forward(self, x):
        total = jax.lax.psum(x, self.cfg.axis)
        return jax.lax.all_gather(total, self.cfg.axis, axis=0, tiled=True, to="reduced")  # SF101


def build(name):
    return REGISTRY[name](CONFIGS[name]())


def main(mesh, x):
    model = build("gather")
    return jax.shard_map(model.forward, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)
