"""Control: setup_axes reached only by a globals() walk in main rebinds AXES."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)

AXES = ("i", "j")


def setup_axes():
    global AXES
    AXES = ("i", "j")


def main(mesh, x):
    for name, f in list(globals().items()):
        if name.startswith("setup_"):
            f()
    return reduce_rows(mesh, x, AXES)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
