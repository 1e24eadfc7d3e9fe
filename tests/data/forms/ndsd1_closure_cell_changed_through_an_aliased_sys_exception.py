"""`system.exception()` is `sys.exception()` under another name: it hands out the exception being
handled, whose traceback holds the maker's own frame, and the program changes the maker's dict
through that frame's locals after the maker returned (adversarial32 C): the cell is not known."""
import sys as system

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

KEPT = []


def make_reducer():
    state = {"axes": ("data", "model")}
    try:
        raise LookupError("probe")
    except LookupError:
        KEPT.append(system.exception())

    def reduce(block):
        return jax.lax.psum(block, state["axes"])  # none

    return reduce


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, P("data")))
    reduce = make_reducer()
    KEPT[0].__traceback__.tb_frame.f_locals["state"]["axes"] = ("data",)
    return jax.shard_map(reduce, mesh=mesh, in_specs=P("data"), out_specs=P())(x)


if __name__ == "__main__":
    main()
