"""A list comprehension's variable does not leak: `drop` is still "j" after the comprehension."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

SYNC = "i,j"


def parse(text):
    drop = "y"
    tags = [drop.upper() for drop in ("x", "y")]
    return tuple(n for n in text.split(",") if n != drop and n not in tags)


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, parse(SYNC))


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
