"""A compiled executable does not trace again: SYNC changed after compile is never read."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P

SYNC = ["i"]


def step(x):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, tuple(SYNC))
    return jax.shard_map(body, mesh=MESH[0], in_specs=P("i", "j"), out_specs=P())(x)


MESH = []


def main(mesh, x):
    MESH.append(mesh)
    compiled = step
    SYNC.append("j")
    return compiled(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
