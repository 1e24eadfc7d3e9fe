"""Megatron-style tensor parallelism: the row-parallel output is all-reduced over 'model', and
the loss is then averaged over every mesh axis named by the mesh itself."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def make_loss(mesh):
    all_axes = tuple(mesh.axis_names)

    def loss(x, w1, w2, y):
        h = jax.nn.relu(x @ w1)
        out = jax.lax.psum(h @ w2, "model")
        l = jnp.mean((out - y) ** 2)
        return jax.lax.pmean(l, all_axes)
    return loss


def inputs():
    x = np.arange(16 * 8, dtype=np.float32).reshape(16, 8) / 128.0
    w1 = np.ones((8, 16), np.float32) / 8.0
    w2 = np.ones((16, 4), np.float32) / 16.0
    y = np.zeros((16, 4), np.float32)
    return x, w1, w2, y


def main(x, w1, w2, y):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    specs = (P("data"), P(None, "model"), P("model", None), P("data"))
    x, w1, w2, y = (jax.device_put(a, NamedSharding(mesh, s)) for a, s in zip((x, w1, w2, y), specs))
    f = jax.shard_map(make_loss(mesh), mesh=mesh, in_specs=specs, out_specs=P())
    return jax.jit(f)(x, w1, w2, y)


if __name__ == "__main__":
    print(main(*inputs()))
