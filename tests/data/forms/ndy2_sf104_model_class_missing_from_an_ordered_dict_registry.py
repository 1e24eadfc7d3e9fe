"""The model is registered under another name: `name in MODELS` is false, and the fallback's
layout keeps the input's sharding, so the gather is fine."""
import collections

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

MODELS = collections.OrderedDict()


def register(name):
    def wrap(cls):
        MODELS[name] = cls
        return cls
    return wrap


@register("dense_v2")
class Dense:
    def __init__(self, mesh, layout):
        self.mesh = mesh
        self.layout = layout

    def save(self, x):
        a = jax.device_put(x, NamedSharding(self.mesh, P(("i", "j"), None)))
        with jax.set_mesh(self.mesh):
            return top_level_all_gather(a, spec_from(self.layout))


def spec_from(entries):
    dims = []
    for entry in entries:
        dims.append(tuple(entry) if isinstance(entry, list) else entry)
    return P(*dims)


def build(name, mesh):
    if name in MODELS:
        return MODELS[name](mesh, [["j"], None])
    return MODELS["dense_v2"](mesh, [["i", "j"], None])


def main(mesh, x):
    return build("dense", mesh).save(x)


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), np.arange(64, dtype=np.float32).reshape(8, 8))
