"""Version-compatible code: the old-JAX branch (pvary present) is never taken on jax 0.10.2."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


def main(mesh, x):
    def body(block):
        counts = jax.lax.psum(block, "j")
        if hasattr(jax.lax, "pcast"):
            return jax.lax.psum(counts, ("i", "j"))
        return jax.lax.psum(jax.lax.pcast(counts, "j", to="varying"), ("i", "j"))

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
