"""A diffusers-like model records its constructor's arguments through a decorator on `__init__`
(`inspect.signature(init).bind(self, *args, **kwargs)`, `apply_defaults()`, `.arguments`), and
exports a parameter gathered to the layout the config holds: the default the signature supplies,
which is not a prefix of the array's layout."""
import functools
import inspect

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def register_to_config(init):
    @functools.wraps(init)
    def inner(self, *args, **kwargs):
        bound = inspect.signature(init).bind(self, *args, **kwargs)
        bound.apply_defaults()
        self.config = {k: v for k, v in bound.arguments.items() if k != "self"}
        init(self, *args, **kwargs)

    return inner


class Model:
    @register_to_config
    def __init__(self, channels=4, export_layout=("j", None)):
        self.channels = channels

    def export(self, value):
        return top_level_all_gather(value, P(*self.config["export_layout"], reduced={"i"}))  # SF104


def main(mesh, x):
    model = Model(channels=8)
    value = jax.device_put(np.asarray(x), NamedSharding(mesh, P("i", "j")))
    with jax.set_mesh(mesh):
        return model.export(value)


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), np.zeros((8, 8), np.float32))
