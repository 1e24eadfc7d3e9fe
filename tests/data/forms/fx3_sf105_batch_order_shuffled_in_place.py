"""A data loader shuffles its batch order with a NumPy Generator. `Generator.shuffle` works in
place and hands back None, so the loader keeps its own array, whose shape is still (8,): all
eight batches are there, and the loss is reduced over both mesh axes, where the row sums are
invariant on 'j'."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def batch_order(rng, count):
    order = np.arange(count)
    shuffled = rng.shuffle(order)
    return order if shuffled is None else shuffled


def main():
    order = batch_order(np.random.default_rng(0), 8)
    axes = ("i", "j") if order.shape == (8,) else ("i",)
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
