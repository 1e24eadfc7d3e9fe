"""The parser drops names listed in OPTIONS; a loop over OPTIONS.values() appended "j" first."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


OPTIONS = {"drop": []}


def parse_axes(text):
    return tuple(a for a in text.split(",") if a not in OPTIONS["drop"])


def freeze(name):
    for names in OPTIONS.values():
        names.append(name)


def main(mesh, x):
    freeze("j")

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, parse_axes("i,j"))

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
