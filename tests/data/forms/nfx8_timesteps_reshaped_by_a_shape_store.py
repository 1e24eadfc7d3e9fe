"""A scheduler keeps its timesteps, `np.arange(0, 1000, 250)`, as a 2x2 grid by setting the
array's shape (`steps.shape = (2, 2)`): the store changes the array in place, so `len(steps)` is
2 now and the schedule reduces over 'i' only. The analysis must not read `steps` as the array
its one binding made once an attribute store changed its layout."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def schedule():
    steps = np.arange(0, 1000, 250)
    steps.shape = (2, 2)
    return steps


def main():
    steps = schedule()
    axes = ("i", "j") if len(steps) == 4 else ("i",)
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
