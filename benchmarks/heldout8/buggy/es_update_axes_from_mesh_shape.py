"""ES update: the gradient estimate is summed over every mesh axis with more than one device."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduce_axes(mesh):
    axes = []
    for name, size in mesh.shape.items():
        if size > 1:
            axes.append(name)
    return tuple(axes)


def inputs():
    rng = np.random.default_rng(28)
    return rng.normal(size=(16, 4)).astype(np.float32), rng.normal(size=(16,)).astype(np.float32)


def main(eps, returns):
    mesh = jax.make_mesh((4, 2), ("workers", "params"))
    eps = jax.device_put(eps, NamedSharding(mesh, P("workers", None)))
    returns = jax.device_put(returns, NamedSharding(mesh, P("workers")))
    axes = reduce_axes(mesh)

    def grad_estimate(e, r):
        g = (r[:, None] * e).sum(axis=0)
        return jax.lax.psum(g, axes) / (16 * 0.1)

    f = jax.jit(jax.shard_map(grad_estimate, mesh=mesh, in_specs=(P("workers", None), P("workers")),
                              out_specs=P()))
    return f(eps, returns)
