"""Before a tuple psum, a loop casts every axis the value does not vary on yet."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ALL_AXES = ("data", "model", "expert")


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(x):
    mesh = jax.make_mesh((2, 2, 2), ALL_AXES)
    x = jax.device_put(x, NamedSharding(mesh, P("data")))

    def body(b):
        v = jnp.sum(b, axis=0)
        for axis in ALL_AXES:
            if axis not in jax.typeof(v).mat.varying:
                v = jax.lax.pcast(v, axis, to="varying")
        return jax.lax.psum(v, ALL_AXES)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
