"""A jitted step traced with SYNC["axes"] == ("i",); changing SYNC afterwards does not retrace it."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


SYNC = {"axes": ("i",)}


@jax.jit
def step(x):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, SYNC["axes"])

    return jax.shard_map(body, mesh=MESH, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    global MESH
    MESH = mesh
    first = step(x)
    SYNC["axes"] = ("i", "j")
    return first + step(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
