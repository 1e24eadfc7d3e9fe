"""The gather called through a name bound to `functools.partial(top_level_all_gather,
out_sharding=...)`: the out spec is the partial's keyword, the input the call's argument (here
normalised by an array of its own row norms first)."""
from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

TRAIN = P("i", "j")
DEMO = P(None, None, reduced={"i", "j"})

export = partial(top_level_all_gather, out_sharding=DEMO)


def main(mesh, x):
    table = jax.device_put(x, NamedSharding(mesh, TRAIN))
    table = table / jnp.linalg.norm(table, axis=-1, keepdims=True)
    rows = functools_free(mesh, x)
    with jax.set_mesh(mesh):
        return export(table), rows  # SF104


def functools_free(mesh, x):
    by_row = partial(top_level_all_gather, out_sharding=P("j", None))
    placed = jax.device_put(x, NamedSharding(mesh, P(("i", "j"), None)))
    with jax.set_mesh(mesh):
        return by_row(placed)  # SF104
