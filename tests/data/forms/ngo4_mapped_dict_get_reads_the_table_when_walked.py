"""map is lazy: `map(RULES.get, dims)` reads the table when it is walked, after the program set
'hidden' to no axis, so the psum runs over 'i' alone."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

RULES = {"batch": "i", "hidden": "j", "seq": None}


def main(dims):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    picked = map(RULES.get, dims)
    RULES["hidden"] = None
    axes = tuple(a for a in picked if a is not None)

    def body(block):
        part = jax.lax.psum(block, "j")
        return jax.lax.psum(part, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main(("batch", "seq", "hidden"))
