"""Diffusers' `ConfigMixin.from_config` (negative): the class keeps the config items its `__init__` names
(`inspect.signature(cls.__init__).parameters`) and drops the rest; the gather axis is one it
drops: the config spells it `axis`, so the default, an axis the value still varies on,
is gathered."""
import inspect

import jax
from jax.sharding import PartitionSpec as P


class ConfigMixin:
    @classmethod
    def from_config(cls, config, **kwargs):
        accepted = inspect.signature(cls.__init__).parameters
        merged = {**dict(config), **kwargs}
        return cls(**{k: v for k, v in merged.items() if k in accepted})


class Block(ConfigMixin):
    def __init__(self, channels, gather_axis="i"):
        self.channels = channels
        self.gather_axis = gather_axis

    def __call__(self, v):
        total = jax.lax.psum(v, "j")
        return jax.lax.all_gather(total, self.gather_axis, tiled=True, to="reduced")


def main(mesh, x):
    block = Block.from_config({"_class_name": "Block", "channels": 8, "axis": "j"})
    return jax.shard_map(block, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"i"}))(x)
