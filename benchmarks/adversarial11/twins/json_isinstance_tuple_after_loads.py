"""After json.loads the axes are a list: the isinstance test for a tuple fails and the rows default is used."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

import json

SAVED = json.dumps({"sync": ["i", "j"]})


def restore(text):
    meta = json.loads(text)
    axes = meta["sync"]
    return axes if isinstance(axes, list) else ("i",)


def main(mesh, x):
    axes = restore(SAVED)

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
