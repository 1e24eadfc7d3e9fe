"""custom_jvp with nondiff_argnums: the rule runs only under jvp/grad."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P
import functools


@functools.partial(jax.custom_jvp, nondiff_argnums=(1,))
def reduce_to(v, axes):
    return v * 1.0


@reduce_to.defjvp
def reduce_to_jvp(axes, primals, tangents):
    (v,), (t,) = primals, tangents
    return reduce_to(v, axes), jax.lax.psum(t, axes)


def body(block):
    rows = jax.lax.psum(block, "j")
    out = reduce_to(rows, ("i", "j"))
    return jax.lax.psum(out, "i")


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
