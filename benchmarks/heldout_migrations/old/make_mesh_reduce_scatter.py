import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import PartitionSpec as P


def build():
    mesh = jax.make_mesh((2, 4), ("data", "model"))

    def block(x, w):
        partial = x @ w
        return jax.lax.psum_scatter(partial, "model", scatter_dimension=1, tiled=True)

    return shard_map(block, mesh, in_specs=(P("data", "model"), P("model", None)),
                     out_specs=P("data", "model"))


def main():
    layer = jax.jit(build())
    x = np.arange(8 * 16, dtype=np.float32).reshape(8, 16) / 16.0
    w = np.ones((16, 8), np.float32) * 0.5
    y = layer(x, w)
    print(y.shape)
    print(np.round(np.asarray(y)[:, 0], 3).tolist())


if __name__ == "__main__":
    main()
