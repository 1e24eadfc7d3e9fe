"""A loop over CONFIG.values() changes each section in place."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


CONFIG = {"mesh": {"sync": ("i", "j")}, "data": {"sync": ("i", "j")}}


def narrow_all():
    for section in CONFIG.values():
        section = {"sync": ("i",)}


def main(mesh, x):
    narrow_all()

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, CONFIG["mesh"]["sync"])

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
