"""Near miss of cl11: both entries of the table name 'j' only, on which the row-gathered
moments still vary."""
from typing import Any, NamedTuple

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

GATHER = {".mu['w']": "j", ".nu['w']": "j"}


class AdamState(NamedTuple):
    mu: Any
    nu: Any


def export_leaf(path, v):
    return jax.lax.all_gather(v, GATHER[jax.tree_util.keystr(path)], axis=1, to="reduced", tiled=True)


def body(w):
    rows = jax.lax.all_gather(w, "i", axis=0, to="reduced", tiled=True)
    state = AdamState({"w": rows}, {"w": rows * rows})
    return jax.tree_util.tree_map_with_path(export_leaf, state)


def main(mesh, x):
    w = jax.device_put(x, NamedSharding(mesh, P("i", "j")))
    out = AdamState({"w": P(None, None, reduced={"i", "j"})}, {"w": P(None, None, reduced={"i", "j"})})
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=out)(w)
