"""`jax.set_mesh(mesh)` sets the mesh when it is called, not when it is entered: the export made
after the helper returns the stack, before the stack's `with`, already has the context mesh
(the stack's exit puts the old one back later)."""
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
    stack = scoped(jax.set_mesh(mesh), profiled(log, "export"))
    w = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("data", None)))
    full = top_level_all_gather(w, P(None, None, reduced={"data"}))
    with stack:
        pass
    return full, log


if __name__ == "__main__":
    main()
