"""A list of axes edited in place (remove/append) before it is turned into the psum's tuple."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4), False)


def main(x, tensor_parallel):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    axes = ["data", "model"]
    if not tensor_parallel:
        axes.remove("model")
    spec = P(*axes)
    x = jax.device_put(x, NamedSharding(mesh, spec))

    def body(b):
        return jax.lax.psum(jnp.sum(b), tuple(axes))

    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
