"""Logical rules name mesh axes more than once; the helper keeps each mesh axis once, in order,
with `list(dict.fromkeys(...))`, and the last one left is the metrics axis ('data'): the psum
result, invariant over 'data', is gathered to reduced over 'data'."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

RULES = (("batch", "model"), ("length", None), ("stats", "data"), ("embed", "model"))


def used_axes(rules):
    return list(dict.fromkeys(axis for _, axis in rules if axis is not None))


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    axis = used_axes(RULES)[-1]

    def body(g):
        total = jax.lax.psum(g, "data")
        return jax.lax.all_gather(total, axis, axis=0, tiled=True, to="reduced")  # SF101

    fn = jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P(None, None, reduced={"data"}))
    g = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.jit(fn)(g)


if __name__ == "__main__":
    main()
