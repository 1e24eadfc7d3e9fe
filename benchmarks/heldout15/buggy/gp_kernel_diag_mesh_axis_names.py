"""Gaussian-process regression: an RBF kernel matrix in row/column blocks."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    x = np.linspace(0, 3, 32, dtype=np.float32).reshape(8, 4)
    return (x,)


def rbf(a, b, lengthscale=1.0):
    d2 = jnp.sum((a[:, None, :] - b[None, :, :]) ** 2, axis=-1)
    return jnp.exp(-0.5 * d2 / lengthscale ** 2)


def main(x):
    mesh = jax.make_mesh((4, 2), ("rows", "cols"))
    rows, cols = mesh.axis_names
    xr = jax.device_put(x, NamedSharding(mesh, P(rows, None)))
    xc = jax.device_put(x, NamedSharding(mesh, P(cols, None)))

    def block(a, b):
        k = rbf(a, b)
        trace_part = jnp.sum(k, axis=1, keepdims=True)
        trace = jax.lax.psum(trace_part, cols)
        trace_all = jax.lax.all_gather(trace, cols, axis=1, tiled=True, to="reduced")
        return k, trace_all

    f = jax.shard_map(block, mesh=mesh, in_specs=(P(rows, None), P(cols, None)),
                      out_specs=(P(rows, cols), P(rows, None, reduced={cols})))
    return f(xr, xc)


if __name__ == "__main__":
    print(main(*inputs()))
