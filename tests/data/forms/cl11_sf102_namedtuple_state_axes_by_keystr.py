"""An optimizer state (a NamedTuple of dicts) is exported with `tree_map_with_path`; the gather
axes are looked up by `keystr(path)` (`.mu['w']`: a GetAttrKey, then a DictKey). Both moments
were gathered over 'i' before; the second moment's entry names 'i' again."""
from typing import Any, NamedTuple

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

GATHER = {".mu['w']": "j", ".nu['w']": ("i", "j")}


class AdamState(NamedTuple):
    mu: Any
    nu: Any


def export_leaf(path, v):
    return jax.lax.all_gather(v, GATHER[jax.tree_util.keystr(path)], axis=1, to="reduced", tiled=True)  # SF102


def body(w):
    rows = jax.lax.all_gather(w, "i", axis=0, to="reduced", tiled=True)
    state = AdamState({"w": rows}, {"w": rows * rows})
    return jax.tree_util.tree_map_with_path(export_leaf, state)


def main(mesh, x):
    w = jax.device_put(x, NamedSharding(mesh, P("i", "j")))
    out = AdamState({"w": P(None, None, reduced={"i", "j"})}, {"w": P(None, None, reduced={"i", "j"})})
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=out)(w)
