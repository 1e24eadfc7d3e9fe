"""The spread config passes sync_axes, replacing the parameter default."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

CONF = {"sync_axes": ("i",)}


def build_loss(mesh, count_axis="j", sync_axes=("i", "j")):
    def body(block):
        counts = jax.lax.psum(block, count_axis)
        return jax.lax.psum(counts, sync_axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())


def main(mesh, x):
    return build_loss(mesh, **CONF)(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
