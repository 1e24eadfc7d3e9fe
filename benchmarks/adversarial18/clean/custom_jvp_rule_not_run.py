"""A custom_jvp rule runs only when the function is differentiated; here it is only called."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


@jax.custom_jvp
def scaled(v):
    return v * 2


@scaled.defjvp
def scaled_jvp(primals, tangents):
    (v,), (t,) = primals, tangents
    return scaled(v), jax.lax.psum(t, ("i", "j"))


def body(block):
    rows = jax.lax.psum(block, "j")
    out = scaled(rows)
    return jax.lax.psum(out, "i")


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
