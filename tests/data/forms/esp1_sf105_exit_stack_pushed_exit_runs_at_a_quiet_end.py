"""An ExitStack holds a pushed exit and a suppress; the block ends quietly, the pushed exit runs
(told nothing went wrong) and its record picks the wide axes."""
import contextlib

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = {"sync": ["i", "j"]}
LOG = []


def closing(*exc):
    LOG.append(exc)
    return False


def main():
    with contextlib.ExitStack() as stack:
        stack.push(closing)
        stack.enter_context(contextlib.suppress(KeyError))
        wanted = tuple(CONFIG["sync"])
    sync = wanted if LOG == [(None, None, None)] else ("i",)
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, sync)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
