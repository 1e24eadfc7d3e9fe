"""A `@register_pytree_node_class` box whose `tree_flatten` and `tree_unflatten` only return an
expression: a tree of boxes holding PartitionSpecs is the body's in_specs, and the axis the box
carries as aux data decides the sum."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@jax.tree_util.register_pytree_node_class
class Sharded:
    def __init__(self, value, axis):
        self.value, self.axis = value, axis

    def tree_flatten(self):
        return (self.value,), self.axis

    @classmethod
    def tree_unflatten(cls, axis, children):
        return cls(children[0], axis)


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    box = Sharded(np.ones((8, 8), np.float32), "data")
    specs = jax.tree.map(lambda _: P(box.axis, None), box)
    placed = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), box, specs)

    def body(b):
        table = jax.lax.all_gather(b.value, b.axis, axis=0, tiled=True, to="reduced")
        return jax.lax.psum(table, b.axis)  # SF103

    return jax.shard_map(body, mesh=mesh, in_specs=(specs,), out_specs=P())(placed)


if __name__ == "__main__":
    main()
