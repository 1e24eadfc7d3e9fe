"""A normalisation helper that casts only when the value is reduced on the axis."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def sum_over(x, axis):
    if axis in jax.typeof(x).mat.reduced:
        x = jax.lax.pcast(x, axis, to="varying")
    return jax.lax.psum(x, axis)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(x, NamedSharding(mesh, P("i", "j")))

    def body(b):
        g = jax.lax.all_gather(b, "i", to="reduced", tiled=True)
        return jax.lax.psum(g, "i") + sum_over(b, "i").sum()

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j"))(x)


if __name__ == "__main__":
    print(main(*inputs()))
