import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ColumnParallelLinear:
    axis = "tp"

    def __init__(self, mesh):
        self.mesh = mesh

    def apply(self, kernel, bias, x):
        def body(k, b, x):
            y = x @ k
            # bias is replicated: hand the head a reduced copy so its grad gets summed
            b_all = jax.lax.all_gather(b, self.axis, to="reduced")
            return y, b_all

        return jax.shard_map(
            body,
            mesh=self.mesh,
            in_specs=(P(None, self.axis), P(), P()),
            out_specs=(P(None, self.axis), P(None, None, reduced={self.axis})),
        )(kernel, bias, x)


def inputs():
    return np.ones((6, 8), np.float32), np.arange(8, dtype=np.float32), np.ones((3, 6), np.float32)


def main(kernel, bias, x):
    mesh = jax.make_mesh((8,), ("tp",))
    layer = ColumnParallelLinear(mesh)
    kernel = jax.device_put(kernel, NamedSharding(mesh, P(None, "tp")))
    bias = jax.device_put(bias, NamedSharding(mesh, P()))
    x = jax.device_put(x, NamedSharding(mesh, P()))
    return layer.apply(kernel, bias, x)
