import functools
from functools import partial

import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SHARDING_RULES = {"params": P(("i", "j"), None), "stats": P(None, "j")}


def build_update(mesh):
    shardings = {name: NamedSharding(mesh, spec) for name, spec in SHARDING_RULES.items()}

    @functools.partial(jax.jit, out_shardings=(shardings["params"], shardings["stats"]))
    def update(params, grads):
        return params - 0.1 * grads, jnp.abs(grads)

    return update


def build_smoother(mesh, spec=P(None, ("j", "i"))):
    @partial(jax.jit, out_shardings=NamedSharding(mesh, spec))
    def smooth(x):
        return 0.5 * (x + jnp.roll(x, 1, axis=0))

    return smooth


def build_tiles(mesh):
    @partial(jax.shard_map, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))
    def tile_scale(block):
        return block * 2.0

    return tile_scale


def run(mesh, x):
    update = build_update(mesh)
    smooth = build_smoother(mesh)
    tiles = build_tiles(mesh)
    with jax.set_mesh(mesh):
        params, stats = update(x, x)
        p = top_level_all_gather(params, P("j", None, reduced={"i"}))  # SF104
        s = top_level_all_gather(stats, P(None, None))  # SF104
        y = smooth(x)
        g = top_level_all_gather(y, P(None, "i", reduced={"j"}))  # SF104
        t = top_level_all_gather(tiles(x), P(None, "j"))  # SF104
        return p, s, g, t
