import copy
import re

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

_INTERP = re.compile(r"\$\{([^}]+)\}")
PRESETS = {"base": {"mesh": {"axes": "i,j"}, "train": "${mesh.axes}", "save": "i,${model}", "model": "j"}}


class Config(dict):
    def __contains__(self, key):
        return dict.__contains__(self, key) or key == "_default_"

    def select(self, dotted):
        node = self
        for part in dotted.split("."):
            node = node[part]
        return node

    def resolve(self, key):
        value = self[key]
        whole = _INTERP.fullmatch(value)
        if whole:
            return self.select(whole.group(1))
        return _INTERP.sub(lambda m: str(self.select(m.group(1))), value)


def spec(text):
    return P(*[None if part == "-" else part for part in text.split(",")])


def main():
    config = Config(copy.deepcopy(PRESETS["base"]))
    mesh = jax.make_mesh((2, 4), tuple(config.select("mesh.axes").split(",")))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, spec(config.resolve("train"))))
    if "_default_" in config:
        with jax.set_mesh(mesh):
            return top_level_all_gather(x, spec(config.resolve("save")))


if __name__ == "__main__":
    main()
