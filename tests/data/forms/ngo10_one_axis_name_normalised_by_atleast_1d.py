"""`np.atleast_1d` of one name gives a list of that one name, and `np.array` of a list its names:
the second psum runs over 'i' alone, over which the value still varies."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PLAN = [("inner", ["j"]), ("outer", "i")]


def axes_of(step):
    names = step[1] if isinstance(step[1], str) else np.array(step[1])
    return tuple(np.atleast_1d(names).tolist())


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    inner, outer = (axes_of(step) for step in PLAN)

    def body(block):
        part = jax.lax.psum(block, inner)
        return jax.lax.psum(part, outer)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
