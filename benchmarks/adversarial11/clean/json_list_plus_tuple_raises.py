"""Adding a tuple to the list json.loads gives raises TypeError; the handler picks the rows axes."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

import json

META = json.loads(json.dumps({"sync": ["i"]}))


def restore():
    try:
        return META["sync"] + ("j",)
    except TypeError:
        return ("i",)


def main(mesh, x):
    axes = restore()

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
