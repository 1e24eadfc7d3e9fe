"""The step runs inside `with stack:` of an ExitStack holding the mesh and a contextmanager
profiler whose `yield` sits in `try: ... finally:`: JAX's error leaves the block through the
profiler (its `finally` runs, the error goes on) and the mesh's exit. The axes are what the
profiler yields (`enter_context` gives it): the loss, varying on "data" only, is psum'd over both."""
import contextlib

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@contextlib.contextmanager
def profiled(log, tag, axes):
    log.append(("enter", tag))
    try:
        yield axes
    finally:
        log.append(("leave", tag))


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    log = []
    stack = contextlib.ExitStack()
    stack.enter_context(jax.set_mesh(mesh))
    axes = stack.enter_context(profiled(log, "step", ("data", "model")))
    with stack:
        step = jax.shard_map(lambda x: jax.lax.psum(jnp.mean(x ** 2), axes),  # SF105
                             mesh=mesh, in_specs=P("data", None), out_specs=P())
        out = step(jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("data", None))))
    return out, log


if __name__ == "__main__":
    main()
