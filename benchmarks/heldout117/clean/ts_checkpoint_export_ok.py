"""Demand forecasting: export the decoder projection for the C++ scorer.

The scorer stores the projection transposed; the layouts for each checkpoint
entry are written as "dims | reduced" strings.
"""
import shlex

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

ARGV = "--mesh series:4,horizon:2"
TRAIN_LAYOUT = {"proj": "series horizon | "}
SCORER_LAYOUT = {"proj": "series - | horizon"}


def layout(text):
    dims, _, red = text.partition("|")
    dims = [None if d == "-" else d for d in dims.split()]
    red = set(red.split())
    return P(*dims, reduced=red) if red else P(*dims)


def inputs():
    rng = np.random.default_rng(63)
    return (rng.normal(size=(16, 8)).astype(np.float32),)


def main(proj):
    words = shlex.split(ARGV)
    items = [kv.split(":") for kv in words[1].split(",")]
    mesh = jax.make_mesh(tuple(int(v) for _, v in items), tuple(k for k, _ in items))
    with jax.set_mesh(mesh):
        proj = jax.device_put(proj, NamedSharding(mesh, layout(TRAIN_LAYOUT["proj"])))
        proj = jax.jit(lambda w: w * 0.9)(proj)
        exported = top_level_all_gather(proj, layout(SCORER_LAYOUT["proj"]))
        blob = exported.T
        print(jax.typeof(blob))
    return blob


if __name__ == "__main__":
    main(*inputs())
