"""`np.atleast_1d(axes).tolist()` turns an axis name or a tuple of them into a list of strs: the
second psum runs over both axes, of a value invariant on 'j'."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PLAN = [("inner", "j"), ("outer", ("i", "j"))]


def axes_of(step):
    return tuple(np.atleast_1d(step[1]).tolist())


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    inner, outer = (axes_of(step) for step in PLAN)

    def body(block):
        part = jax.lax.psum(block, inner)
        return jax.lax.psum(part, outer)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
