"""V-JEPA EMA target encoder: the jitted EMA update keeps the target's layout; the export for the
frozen-evaluation job re-lays the patch embedding by tube shard."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class ConfigDict(dict):
    __getattr__ = dict.__getitem__


CONFIG = ConfigDict(
    ema=0.998,
    layouts=ConfigDict(target=P("fsdp", "tube"), export=P("tube", None, reduced={"fsdp"})),
)


def build_ema_update(mesh, config):
    sharding = NamedSharding(mesh, config.layouts.target)

    @functools.partial(jax.jit, out_shardings=sharding)
    def ema_update(target, online):
        return config.ema * target + (1.0 - config.ema) * online

    return ema_update


def inputs():
    rng = np.random.default_rng(63)
    return rng.normal(size=(8, 16)).astype(np.float32), rng.normal(size=(8, 16)).astype(np.float32)


def main(target, online):
    mesh = jax.make_mesh((4, 2), ("fsdp", "tube"))
    update = build_ema_update(mesh, CONFIG)
    with jax.set_mesh(mesh):
        new_target = update(target, online)
        return top_level_all_gather(new_target, CONFIG.layouts.export)


if __name__ == "__main__":
    main(*inputs())
