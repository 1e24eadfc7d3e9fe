"""The axes are bound twice in straight code; the body closes over the name and runs after the second binding."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


def main(mesh, x):
    axes = ("i", "j")
    body = lambda block: jax.lax.psum(jax.lax.psum(block, "j"), axes)
    axes2 = ("i",)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
