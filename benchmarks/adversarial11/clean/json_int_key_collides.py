"""json.dumps writes the int key 1 as "1"; loads keeps the last of the two equal keys."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

import json

TEXT = json.dumps({"1": ["i", "j"], 1: ["i"]})
LAYOUT = json.loads(TEXT)


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, tuple(LAYOUT["1"]))


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
