"""update merges a table whose list a later statement pops: the merged list is that same list."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

BASE = {"sync": ("i",)}
OVERRIDES = {"sync": ["i", "j"]}


def build():
    config = dict(BASE)
    config.update(OVERRIDES)
    return config


CONFIG = build()
OVERRIDES["sync"].pop()


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, tuple(CONFIG["sync"]))


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
