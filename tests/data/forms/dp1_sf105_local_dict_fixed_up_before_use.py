"""A script loads its configuration and fixes a key up before handing the dict on
(`config = json.loads(TEXT)`, `config["stat_axes"] = tuple(config["stat_axes"])`): the object
built from the dict after the store reads the tuple."""
import json

import jax
from jax.sharding import PartitionSpec as P

CONFIG = json.dumps({"axis": "j", "stat_axes": ["i"]})


class Norm:
    def __init__(self, axis="j", stat_axes=None):
        self.axis, self.stat_axes = axis, stat_axes

    def __call__(self, x):
        total = jax.lax.psum(x.sum(axis=1), self.axis)
        return jax.lax.pmean(total, self.stat_axes)  # SF105


def main(mesh, x):
    config = json.loads(CONFIG)
    config["stat_axes"] = tuple(config["stat_axes"]) + ("j",)
    norm = Norm(**config)
    return jax.shard_map(norm, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
