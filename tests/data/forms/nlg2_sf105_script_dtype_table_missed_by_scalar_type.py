"""A table keyed by NumPy dtypes, looked up by a scalar type: a dtype hashes unlike the type it
equals, so the lookup misses and the default axes are taken."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES_BY_DTYPE = {np.dtype(np.float32): ("i", "j"), np.dtype(np.int32): ("i",)}


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    host = np.ones((8, 8), np.float32)
    axes = AXES_BY_DTYPE.get(np.float32, ("i",))
    x = jax.device_put(host, NamedSharding(mesh, P("i", "j")))

    def body(block):
        part = jax.lax.psum(block, "j")
        return jax.lax.psum(part, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
