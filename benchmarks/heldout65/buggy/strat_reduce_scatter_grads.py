"""ZeRO-style strategy that reduce-scatters gradients of a tensor-parallel module."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ZeroStrategy:
    name = "zero1"

    def __init__(self, mesh):
        self.mesh = mesh
        self.reduce_axes = mesh.axis_names

    def reduce_scatter(self, grad):
        return jax.lax.psum_scatter(grad, self.reduce_axes, scatter_dimension=0, tiled=True)


class TPModule:
    def __init__(self, tp_axis):
        self.tp_axis = tp_axis

    def backward(self, x, w_shard):
        partial = x @ w_shard
        activ = jax.lax.psum(partial, self.tp_axis)
        return activ.T @ jnp.tanh(activ)


def inputs():
    rng = np.random.default_rng(17)
    return rng.normal(size=(8, 16)).astype(np.float32), rng.normal(size=(16, 8)).astype(np.float32)


def main(x, w):
    mesh = jax.make_mesh((4, 2), ("dp", "tp"))
    strategy = {cls.name: cls for cls in (ZeroStrategy,)}["zero1"](mesh)
    module = TPModule("tp")
    x = jax.device_put(x, NamedSharding(mesh, P("dp", "tp")))
    w = jax.device_put(w, NamedSharding(mesh, P("tp", None)))

    def step(xb, wb):
        return strategy.reduce_scatter(module.backward(xb, wb))

    return jax.shard_map(step, mesh=mesh, in_specs=(P("dp", "tp"), P("tp", None)),
                         out_specs=P(("dp", "tp"), None))(x, w)


if __name__ == "__main__":
    main(*inputs())
