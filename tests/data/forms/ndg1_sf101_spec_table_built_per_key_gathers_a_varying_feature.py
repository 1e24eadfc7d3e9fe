"""The same comprehension of specs per feature name, but only the feature sharded over 'i' is
gathered to reduced over 'i': the specs differ by key, and the one read varies on 'i'."""
import functools

import jax
from jax.sharding import PartitionSpec as P

LAYOUTS = {"msa": ("i", "j"), "mask": (None, "j")}
FEATURES = ("msa", "mask")


def feature_spec(name):
    return P(*LAYOUTS[name])


def body(features):
    rows = jax.lax.all_gather(features["msa"], "i", axis=0, tiled=True, to="reduced")
    return rows.sum(axis=0, keepdims=True)


def main(mesh, x):
    specs = {name: feature_spec(name) for name in FEATURES}
    fn = jax.shard_map(functools.partial(body), mesh=mesh, in_specs=(specs,), out_specs=P(None, "j", reduced={"i"}))
    return fn({"msa": x, "mask": x})
