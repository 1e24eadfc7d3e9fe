"""A walrus in a comprehension binds in the function's scope: after it, the name holds the last value computed (j)."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def run(axes):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)  # SF105

    return jax.shard_map(body, mesh=MESH, in_specs=P("i", "j"), out_specs=P())(X)


MESH = jax.make_mesh((2, 4), ("i", "j"))
X = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(MESH, P("i", "j")))


TABLE = {"data": "i", "model": "j"}
ROLES = ["data", "model"]


def main():
    wanted = [role for role in ROLES if (axis := TABLE[role]) == "j"]
    return run(("i",) if axis == "i" else ("i", axis))


if __name__ == "__main__":
    main()
