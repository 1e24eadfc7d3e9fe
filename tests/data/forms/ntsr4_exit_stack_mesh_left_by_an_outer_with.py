"""A mesh entered on an ExitStack inside a `with jax.set_mesh(...)` block, and the block ends
first: leaving the block restores the mesh it saved (none), so the stack's mesh no longer holds
after it; read as a stack of contexts, the stack's mesh would still be the context mesh."""
import contextlib

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    stack = contextlib.ExitStack()
    with jax.set_mesh(mesh):
        stack.enter_context(jax.set_mesh(mesh))
        placed = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", "model")))
    try:
        return top_level_all_gather(placed, P("data", None, reduced={"model"}))
    finally:
        stack.close()


if __name__ == "__main__":
    main()
