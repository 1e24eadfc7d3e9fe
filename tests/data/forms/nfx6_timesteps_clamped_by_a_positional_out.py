"""A scheduler keeps its timesteps, `np.arange(0, 1000, 250)`, and clamps them into themselves with
NumPy's positional `out` (`np.clip(steps, 1, 500, steps)`, then `steps.clip(1, 500, steps)`): the
fourth argument of `np.clip`, the third of the method, is where it writes, so `steps[0]` is 1 now and the
schedule reduces over 'i' only. The analysis must not keep the values it computed for `steps`
once a call may have written into them, by whatever spelling."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def schedule():
    steps = np.arange(0, 1000, 250)
    np.clip(steps, 1, 500, steps)
    steps.clip(1, 500, steps)
    return steps


def main():
    steps = schedule()
    axes = ("i", "j") if steps[0] == 0 else ("i",)
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
