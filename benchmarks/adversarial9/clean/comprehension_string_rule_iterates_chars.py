"""RULES["count"] is the string "j" (parentheses make no tuple), iterated as one character; the
nested comprehension over "sync" yields ("i",)."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

RULES = {"count": ("j"), "sync": ["i"]}
NAMES = ("sync",)


def body(block):
    counts = jax.lax.psum(block, tuple(ax for ax in RULES["count"]))
    sync = tuple(ax for name in NAMES for ax in RULES[name])
    return jax.lax.psum(counts, sync)


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
