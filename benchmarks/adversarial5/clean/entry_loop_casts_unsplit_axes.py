"""A loop over mesh.axis_names casts every axis the input is not split on."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (jax.make_mesh((2, 4), ("data", "model")), np.arange(128, dtype=np.float32).reshape(8, 16))


def main(mesh, x):
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))

    def body(block):
        s = block.sum(axis=0)
        for ax in mesh.axis_names:
            if ax not in ("data",):
                s = jax.lax.pcast(s, ax, to="varying")
        return jax.lax.psum(s, mesh.axis_names)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
