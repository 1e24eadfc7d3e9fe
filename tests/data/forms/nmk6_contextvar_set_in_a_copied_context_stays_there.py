"""A ContextVar set inside `copy_context().run(...)` is not seen by the caller: its context
keeps the default ("i", the axis the block still varies on) after the run: it runs."""
import contextvars
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXIS = contextvars.ContextVar("axis", default="i")


def pick(name):
    AXIS.set(name)
    return AXIS.get()


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    ctx = contextvars.copy_context()
    inner = ctx.run(pick, "j")
    ctx.run(AXIS.get)
    axis = AXIS.get()
    outer = AXIS.get()
    assert (inner, axis, outer) == ("j", "i", "i")

    def body(block):
        total = jax.lax.psum(block, "j")
        return jax.lax.all_gather(total, axis, tiled=True, to="reduced")  # none

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={axis}))(x)


if __name__ == "__main__":
    main()
