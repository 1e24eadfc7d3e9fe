"""A `@register_pytree_node_class` whose `tree_flatten` counts its calls: how often JAX flattens
is not followed, so the axis read from the count is not known (JAX runs it: the sum is over the
axis the gathered value still varies on)."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CALLS = []


@jax.tree_util.register_pytree_node_class
class Sharded:
    def __init__(self, value):
        self.value = value

    def tree_flatten(self):
        CALLS.append(1)
        return (self.value,), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(children[0])


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    box = Sharded(np.ones((8, 8), np.float32))
    specs = jax.tree.map(lambda _: P("data", None), box)
    placed = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), box, specs)
    axis = ("data", "model")[len(CALLS) % 2]

    def body(b):
        table = jax.lax.all_gather(b.value, "data", axis=0, tiled=True, to="reduced")
        return jax.lax.psum(table, axis)

    return jax.shard_map(body, mesh=mesh, in_specs=(specs,), out_specs=P(None, None, reduced={"data"}))(placed)


if __name__ == "__main__":
    main()
