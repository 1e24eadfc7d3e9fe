"""`jax.set_mesh(mesh)` made in an argument list and entered, beside a contextmanager timer, on an
ExitStack a helper builds; the stack's `with` block ends, its exits run last-pushed first (the
timer's `finally`, then set_mesh's exit putting the old mesh back), and the export after the
block gathers with no context mesh."""
import contextlib
import time

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@contextlib.contextmanager
def profiled(log, tag):
    t0 = time.perf_counter()
    try:
        yield tag
    finally:
        log.append((tag, time.perf_counter() - t0))


def scoped(*managers):
    stack = contextlib.ExitStack()
    for m in managers:
        stack.enter_context(m)
    return stack


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    log = []
    with scoped(jax.set_mesh(mesh), profiled(log, "place")):
        w = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("data", None)))
    return top_level_all_gather(w, P(None, None, reduced={"data"})), log  # SF104


if __name__ == "__main__":
    main()
