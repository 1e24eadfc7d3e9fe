"""A ContextVar set inside `copy_context().run(...)`: the value stays in the copy, which the
next `ctx.run` of the same copy reads again, while the caller's context keeps the default."""
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
    axis = ctx.run(AXIS.get)
    outer = AXIS.get()
    assert (inner, axis, outer) == ("j", "j", "i")

    def body(block):
        total = jax.lax.psum(block, "j")
        return jax.lax.all_gather(total, axis, tiled=True, to="reduced")  # SF101

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={axis}))(x)


if __name__ == "__main__":
    main()
