# Distributed arrays and automatic parallelization, a notebook-style walk-through.
# Cell 1: a mesh and a few arrays
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    x = np.arange(32 * 16, dtype=np.float32).reshape(32, 16) / 512.0
    w = np.ones((16, 16), np.float32) / 16.0
    return x, w


def main(x, w):
    mesh = jax.make_mesh((4, 2), ("x", "y"))
    row_axis, col_axis = mesh.axis_names

    # Cell 2: shard the batch over x, keep the weight on every device
    x = jax.device_put(x, NamedSharding(mesh, P(row_axis, None)))
    w = jax.device_put(w, NamedSharding(mesh, P()))

    # Cell 3: a shard_map that computes a local matmul and hands the weight back gathered
    def layer(x_blk, w_full):
        y = jnp.tanh(x_blk @ w_full)
        w_out = jax.lax.all_gather(w_full, col_axis, axis=0, tiled=True, to="reduced")
        return y, w_out

    y, w_out = jax.shard_map(layer, mesh=mesh, in_specs=(P(row_axis, None), P()),
                             out_specs=(P(row_axis, None), P(reduced={col_axis})))(x, w)
    # Cell 4: inspect
    return y, w_out


if __name__ == "__main__":
    print(main(*inputs()))
