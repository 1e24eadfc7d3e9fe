"""A helper changes its caller's dict through the caller's frame (`sys._getframe(1).f_locals`): the
dict main reads the axes from is not the one its text filled (adversarial32 C, running frames)."""
import sys
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduce_rows(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)  # none

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def poke():
    sys._getframe(1).f_locals["state"]["axes"] = ("i",)


def main():
    state = {"axes": ("i", "j")}
    poke()
    return reduce_rows(state["axes"])


if __name__ == "__main__":
    main()
