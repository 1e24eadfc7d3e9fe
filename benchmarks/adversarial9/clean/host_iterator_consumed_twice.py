"""A map object is consumed by the first list(): the tuple made from it afterwards is empty,
so the fallback ("i",) is used."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

SYNC = "i, j"


def parse(text):
    stripped = map(str.strip, text.split(","))
    count = len(list(stripped))
    return tuple(stripped) or ("i",) * (count - 1)


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
