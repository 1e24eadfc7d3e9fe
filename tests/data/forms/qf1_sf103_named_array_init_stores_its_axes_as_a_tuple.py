"""A Haliax-like named array: `@register_pytree_node_class`, the axis names its aux data, its
`tree_unflatten` rebuilding it through an `__init__` that stores `tuple(axes)` on the new object.
Rebuilding it changes nothing the program reads, so the run walks it: the axis the body sums over
is read from the named array it gets."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@jax.tree_util.register_pytree_node_class
class NamedArray:
    def __init__(self, array, axes):
        self.array = array
        self.axes = tuple(axes)

    def tree_flatten(self):
        return (self.array,), self.axes

    @classmethod
    def tree_unflatten(cls, axes, children):
        return cls(children[0], axes)


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = NamedArray(np.ones((8, 8), np.float32), ["data", "embed"])
    specs = jax.tree.map(lambda _: P("data", None), x)
    placed = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), x, specs)

    def body(n):
        table = jax.lax.all_gather(n.array, n.axes[0], axis=0, tiled=True, to="reduced")
        return jax.lax.psum(table, n.axes[0])  # SF103

    return jax.shard_map(body, mesh=mesh, in_specs=(specs,), out_specs=P())(placed)


if __name__ == "__main__":
    main()
