"""A flatten lambda that also counts its calls (`CALLS.append(1) or ...`): how often JAX flattens
is not followed, so the axis chosen from the count is not known (JAX runs it: the sum is over
the axis the gathered value still varies on)."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CALLS = []


class Box:
    def __init__(self, value):
        self.value = value


jax.tree_util.register_pytree_node(
    Box, lambda b: (CALLS.append(1) or (b.value,), None), lambda _, ch: Box(ch[0]))


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    box = Box(np.ones((8, 8), np.float32))
    specs = jax.tree.map(lambda _: P("data", None), box)
    placed = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), box, specs)
    axis = ("data", "model")[len(CALLS) % 2]

    def body(b):
        table = jax.lax.all_gather(b.value, "data", axis=0, tiled=True, to="reduced")
        return jax.lax.psum(table, axis)

    return jax.shard_map(body, mesh=mesh, in_specs=(specs,), out_specs=P(None, None, reduced={"data"}))(placed)


if __name__ == "__main__":
    main()
