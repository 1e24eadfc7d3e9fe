"""Per-layer export spec expanded from a string.Template, then evaluated into a PartitionSpec."""
import string

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

PLACED = string.Template("${row},${col}")
EXPORTED = string.Template("${col},-")


def to_spec(text, reduced=()):
    return P(*(None if a == "-" else a for a in text.split(",")), reduced=set(reduced))


def export(w, mesh, row="data", col="model"):
    with jax.set_mesh(mesh):
        w = jax.device_put(w, NamedSharding(mesh, to_spec(PLACED.substitute(row=row, col=col))))
        return top_level_all_gather(w, to_spec(EXPORTED.substitute(row=row, col=col), reduced=[row]))


def inputs():
    return (np.random.default_rng(46).normal(size=(8, 8)).astype(np.float32),)


def main(w):
    return export(w, jax.make_mesh((4, 2), ("data", "model")))


if __name__ == "__main__":
    main(*inputs())
