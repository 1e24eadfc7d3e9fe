"""Megatron-style tensor parallelism: the partial loss is computed from the row-parallel
partial outputs, so it varies over both axes, and is summed over every mesh axis at once."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def make_loss(mesh):
    all_axes = tuple(mesh.axis_names)

    def loss(x, w1, w2):
        h = jax.nn.relu(x @ w1)
        partial = jnp.sum(h @ w2)
        return jax.lax.psum(partial, all_axes)
    return loss


def inputs():
    x = np.arange(16 * 8, dtype=np.float32).reshape(16, 8) / 128.0
    return x, np.ones((8, 16), np.float32) / 8.0, np.ones((16, 4), np.float32) / 16.0


def main(x, w1, w2):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    specs = (P("data"), P(None, "model"), P("model", None))
    x, w1, w2 = (jax.device_put(a, NamedSharding(mesh, s)) for a, s in zip((x, w1, w2), specs))
    f = jax.shard_map(make_loss(mesh), mesh=mesh, in_specs=specs, out_specs=P())
    return jax.jit(f)(x, w1, w2)


if __name__ == "__main__":
    print(main(*inputs()))
