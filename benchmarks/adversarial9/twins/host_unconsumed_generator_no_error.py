"""Making a generator looks nothing up: the KeyError its items would raise never happens, so
the handler does not run and parse keeps the first axis."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

RULES = {"i": "rows"}
SYNC = "i,j"


def parse(text):
    parts = text.split(",")
    try:
        labels = [RULES[a] for a in parts]
    except KeyError:
        return tuple(parts)
    return tuple(parts[:1])


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
