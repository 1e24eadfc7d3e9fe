import jax
from jax import lax
from jax.sharding import PartitionSpec as P


def sharded_means(mesh, x):
    cases = [
        {"name": "rows", "spec": P("i", None), "axes": ("i",)},
        {"name": "cells", "spec": P("i", "j"), "axes": ("i", "j")},
        {"name": "cols", "spec": P(None, "j"), "axes": ("i", "j")},
    ]
    results = {}
    for case in cases:
        f = jax.shard_map(lambda v: lax.pmean(v.mean(), case["axes"]), mesh=mesh,  # SF105
                          in_specs=case["spec"], out_specs=P())
        results[case["name"]] = f(x)
    return results


def run(mesh, x):
    return sharded_means(mesh, x)
