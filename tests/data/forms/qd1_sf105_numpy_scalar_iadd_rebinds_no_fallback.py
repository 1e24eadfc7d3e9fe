"""The planner sums a row into a NumPy scalar (`total = stats.sum()`), then adds a (2, 4) block to
it: a NumPy scalar has no in-place operator, so Python rebinds `total` to `total + block` (shape
(2, 4)) and nothing raises; the planner goes on to both mesh axes, and the reduction in `finally`,
over ("data", "model") of a value varying on "data" only, raises."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduce(mesh, x, axes):
    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    axes = ("data",)
    try:
        stats = np.ones(4)
        total = stats.sum()
        total += np.ones((2, 4))
        axes = ("data", "model")
    finally:
        out = reduce(mesh, x, axes)
    return out


if __name__ == "__main__":
    main()
