"""A jitted function whose shard_map body is a lambda reading a global list; the list grows after the first call."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


AXES = ["i"]


@jax.jit
def reduce_counts(x):
    body = lambda block: jax.lax.psum(jax.lax.psum(block, "j"), tuple(AXES))
    return jax.shard_map(body, mesh=MESH, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    global MESH
    MESH = mesh
    first = reduce_counts(x)
    AXES.append("j")
    return first + reduce_counts(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
