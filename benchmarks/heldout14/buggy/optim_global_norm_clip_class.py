"""Global-norm gradient clipping for a tensor-parallel MLP: the kernel's squared norm is
completed over the tensor shards, the bias is replicated over them, and the global norm
is summed over the mesh."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class GlobalNormClip:
    AXES = ("dp", "tp")
    TENSOR_AXIS = "tp"

    def __init__(self, max_norm=1.0):
        self.max_norm = max_norm

    def __call__(self, micro_kernel, micro_bias):
        def accumulate(acc, g):
            return jax.tree.map(jnp.add, acc, g), None

        zeros = (jnp.zeros_like(micro_kernel[0]), jnp.zeros_like(micro_bias[0]))
        (g_kernel, g_bias), _ = jax.lax.scan(accumulate, zeros, (micro_kernel, micro_bias))
        sq_kernel = jax.lax.psum(jnp.sum(g_kernel * g_kernel), self.TENSOR_AXIS)
        sq_bias = jnp.sum(g_bias * g_bias)
        total = jax.lax.psum(sq_kernel + sq_bias, self.AXES)
        scale = jnp.minimum(1.0, self.max_norm / jnp.sqrt(total))
        return g_kernel * scale, g_bias * scale


def inputs():
    return (np.linspace(-1, 1, 3 * 8 * 8, dtype=np.float32).reshape(3, 8, 8),
            np.linspace(0, 1, 3 * 2 * 8, dtype=np.float32).reshape(3, 2, 8))


def main(gk, gb):
    mesh = jax.make_mesh((2, 4), ("dp", "tp"))
    gk = jax.device_put(gk, NamedSharding(mesh, P(None, "dp", "tp")))
    gb = jax.device_put(gb, NamedSharding(mesh, P(None, "dp", None)))
    f = jax.shard_map(GlobalNormClip(), mesh=mesh, in_specs=(P(None, "dp", "tp"), P(None, "dp", None)),
                      out_specs=(P("dp", "tp"), P("dp", None)))
    return f(gk, gb)


if __name__ == "__main__":
    print(main(*inputs()))
