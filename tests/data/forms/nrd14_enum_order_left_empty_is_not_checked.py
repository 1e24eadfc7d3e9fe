"""An Enum whose `_order_` is an empty text: CPython 3.11 compares `_order_` with the member
names only when its split is not empty, so the class is made and the sum runs over "i" only."""
import enum

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def pick_sync():
    try:
        class Axis(enum.Enum):
            _order_ = ""
            DATA = "i"
            MODEL = "j"
    except TypeError:
        return ("i", "j")
    return (Axis.DATA.value,)


def main():
    sync = pick_sync()
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, sync)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
