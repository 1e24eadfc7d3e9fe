"""Both specs are items of a nested `ConfigDict(dict)` with `__getattr__ = dict.__getitem__`,
built in one call with keywords: the input comes from a jitted def a builder returns, its
`out_shardings` read as `config.layouts.target`, and the gather reads `CONFIG.layouts.export`."""
import functools

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class ConfigDict(dict):
    __getattr__ = dict.__getitem__


CONFIG = ConfigDict(
    ema=0.99,
    layouts=ConfigDict(target=P("i", "j"), export=P("j", None, reduced={"i"})),
)


def build_update(mesh, config):
    sharding = NamedSharding(mesh, config.layouts.target)

    @functools.partial(jax.jit, out_shardings=sharding)
    def update(target, online):
        return config.ema * target + (1.0 - config.ema) * online

    return update


def main(mesh, x):
    update = build_update(mesh, CONFIG)
    with jax.set_mesh(mesh):
        new = update(np.asarray(x), np.asarray(x))
        return top_level_all_gather(new, CONFIG.layouts.export)  # SF104
