"""pcast over mesh.axis_names[1:] then psum over all of them (three-axis mesh)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (jax.make_mesh((2, 2, 2), ("data", "fsdp", "model")), np.arange(128, dtype=np.float32).reshape(8, 16))


def main(mesh, x):
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))

    def body(block):
        s = jax.lax.pcast(block.sum(axis=0), mesh.axis_names[2:], to="varying")
        return jax.lax.psum(s, mesh.axis_names)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
