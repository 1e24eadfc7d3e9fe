"""A jitted step traced with SUM_OVER "i"; the later SUM_OVER "j" (reduced there) never traced."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


SUM_OVER = ["i"]


@jax.jit
def step(x):
    def body(block):
        g = jax.lax.all_gather(block, "j", to="reduced", tiled=True)
        total = jax.lax.psum(g, SUM_OVER[0])
        return jax.lax.psum(jax.lax.pcast(total, "j", to="varying"), "j")

    return jax.shard_map(body, mesh=MESH, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    global MESH
    MESH = mesh
    out = step(x)
    SUM_OVER[0] = "j"
    return out + step(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
