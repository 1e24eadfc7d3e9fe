"""Hybrid mesh from ICI/DCN parallelism; gradients reduce-scattered over the data-like axes."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PARALLELISM = {
    "dcn": {"data": 2, "fsdp": 1, "tensor": 1},
    "ici": {"data": 1, "fsdp": 2, "tensor": 2},
}
DATA_AXES = ["data", "fsdp"]


def create_hybrid_device_mesh(parallelism):
    names = tuple(parallelism["ici"])
    shape = tuple(parallelism["ici"][n] * parallelism["dcn"][n] for n in names)
    return jax.make_mesh(shape, names)


def batch_spec(parallelism):
    return P(tuple(a for a, n in parallelism["dcn"].items() if n > 1), None)


def linear_backward(w, x, y):
    residual = x @ w - y
    return 2.0 * x.T @ residual / residual.size


def grads_and_scatter(w, x, y):
    g = linear_backward(w, x, y)
    return jax.lax.psum_scatter(g, tuple(DATA_AXES), scatter_dimension=0, tiled=True)


def inputs():
    rng = np.random.default_rng(40)
    return (rng.standard_normal((8, 4)).astype(np.float32), rng.standard_normal((8, 8)).astype(np.float32),
            rng.standard_normal((8, 4)).astype(np.float32))


def main(w, x, y):
    mesh = create_hybrid_device_mesh(PARALLELISM)
    bspec = batch_spec(PARALLELISM)
    w = jax.device_put(w, NamedSharding(mesh, P(None, None)))
    x = jax.device_put(x, NamedSharding(mesh, bspec))
    y = jax.device_put(y, NamedSharding(mesh, bspec))
    fn = jax.shard_map(grads_and_scatter, mesh=mesh, in_specs=(P(None, None), bspec, bspec),
                       out_specs=P(tuple(DATA_AXES), None))
    return jax.jit(fn)(w, x, y)


if __name__ == "__main__":
    main(*inputs())
