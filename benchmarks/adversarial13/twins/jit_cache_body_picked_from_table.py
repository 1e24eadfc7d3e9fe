"""The jitted step picks its body from a table by MODE; MODE changes after the first call, no retrace."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


def rows_body(block):
    return jax.lax.psum(jax.lax.psum(block, "j"), "i")


def both_body(block):
    return jax.lax.psum(jax.lax.psum(block, "j"), ("i", "j"))


BODIES = {"rows": rows_body, "both": both_body}
MODE = ["rows"]


@jax.jit
def step(x):
    return jax.shard_map(BODIES[MODE[0]], mesh=MESH, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    global MESH
    MESH = mesh
    out = 0
    MODE[0] = "both"
    return out + step(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
