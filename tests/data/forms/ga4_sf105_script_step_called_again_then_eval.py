"""A training loop calls its jitted shard_map step once per batch (the second call may reuse the
first trace), then an eval step, built for float32 inputs, sums over axes in different states."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("i", "j"))


def train_body(block):
    return block - 0.1 * jax.lax.pmean(block, "i")


def make_eval(axes):
    def eval_body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)  # SF105

    return jax.jit(jax.shard_map(eval_body, mesh=MESH, in_specs=P("i", "j"), out_specs=P()))


train = jax.jit(jax.shard_map(train_body, mesh=MESH, in_specs=P("i", "j"), out_specs=P("i", "j")))


def main():
    host = np.ones((8, 8), np.float32)
    x = jax.device_put(host, NamedSharding(MESH, P("i", "j")))
    for _ in range(3):
        x = train(x)
    axes = ("i", "j") if host.dtype == np.float32 else ("i",)
    return make_eval(axes)(x)


if __name__ == "__main__":
    main()
