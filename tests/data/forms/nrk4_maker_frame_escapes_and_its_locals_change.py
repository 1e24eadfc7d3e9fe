"""The maker keeps its own frame (`sys._getframe()`); a caller later changes the dict a local holds
through `f_locals`, which the getter reads (adversarial32 C): the cell is not known."""
import sys
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

FRAMES = []


def maker():
    state = {"axes": ("i", "j")}
    FRAMES.append(sys._getframe())

    def get():
        return state["axes"]
    return get


def main():
    get = maker()
    FRAMES[0].f_locals["state"]["axes"] = ("i",)
    return reduce_rows(get())


def reduce_rows(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)  # none

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
