"""A pushed exit that answers True swallows the guard's RuntimeError: the block is left before
the wide axes are set, and the second psum is fine."""
import contextlib

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def main():
    sync = ("i",)
    with contextlib.ExitStack() as stack:
        stack.push(lambda *exc: True)
        if jax.device_count() < 64:
            raise RuntimeError("not a full pod")
        sync = ("i", "j")
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, sync)  # none

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
