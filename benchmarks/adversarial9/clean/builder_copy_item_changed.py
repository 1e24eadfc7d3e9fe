"""The builder copies BASE with dict() and pops the copy's list: the list is BASE's too."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

BASE = {"count_axis": "j", "sync": ["i", "j"]}


def build(overrides):
    config = dict(BASE)
    config["sync"].pop()
    config.update(overrides)
    return config


def body(block):
    counts = jax.lax.psum(block, BASE["count_axis"])
    return jax.lax.psum(counts, tuple(BASE["sync"]))


def main(mesh, x):
    build({"name": "eval"})
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
