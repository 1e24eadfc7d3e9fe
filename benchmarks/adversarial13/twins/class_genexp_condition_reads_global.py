"""In a class body, a generator's condition sees the module global, not the class attribute."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


AXES = ("i", "j")


class Layout:
    AXES = ("i", "j")
    SYNC = tuple(a for a in ("i", "j") if a in AXES)


def main(mesh, x):
    axes = Layout.SYNC

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
