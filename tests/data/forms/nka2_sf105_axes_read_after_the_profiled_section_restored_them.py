import contextlib
import logging
import time

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

log = logging.getLogger("jobs")
SCOPE = {"axes": ("i",)}


@contextlib.contextmanager
def profile(section, axes=None):
    start = time.perf_counter()
    saved = SCOPE["axes"]
    if axes is not None:
        SCOPE["axes"] = axes
    try:
        yield
    finally:
        SCOPE["axes"] = saved
        log.debug("profile", extra={"fields": {"section": section, "seconds": time.perf_counter() - start}})


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(blk):
        scores = jax.lax.psum(blk, "j")
        with profile("objective", axes=("i", "j")):
            scores = scores * 2.0
        return jax.lax.psum(scores, SCOPE["axes"])

    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None)))(x)


if __name__ == "__main__":
    main()
