"""A feature pipeline builds its in_specs with a dict comprehension, one spec per feature name
from a helper reading a layout table; the mask feature is not sharded over 'i', so gathering it
to reduced over 'i' raises."""
import functools

import jax
from jax.sharding import PartitionSpec as P

LAYOUTS = {"msa": ("i", "j"), "mask": (None, "j")}
FEATURES = ("msa", "mask")


def feature_spec(name):
    return P(*LAYOUTS[name])


def body(features):
    rows = jax.lax.all_gather(features["msa"], "i", axis=0, tiled=True, to="reduced")
    mask = jax.lax.all_gather(features["mask"], "i", axis=0, tiled=True, to="reduced")  # SF101
    return rows.sum(axis=0, keepdims=True) + mask.sum(axis=0, keepdims=True)


def main(mesh, x):
    specs = {name: feature_spec(name) for name in FEATURES}
    fn = jax.shard_map(functools.partial(body), mesh=mesh, in_specs=(specs,), out_specs=P(None, "j", reduced={"i"}))
    return fn({"msa": x, "mask": x})
