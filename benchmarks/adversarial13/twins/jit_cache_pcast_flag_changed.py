"""A jitted step traced with CAST_ROWS False; setting it afterwards (a cast of varying) is never traced."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


CAST_ROWS = False


@jax.jit
def step(x):
    def body(block):
        if CAST_ROWS:
            block = jax.lax.pcast(block, "j", to="varying")
        return jax.lax.psum(block, ("i", "j"))

    return jax.shard_map(body, mesh=MESH, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    global MESH, CAST_ROWS
    MESH = mesh
    out = 0
    CAST_ROWS = True
    return out + step(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
