"""A pytree node whose unflatten also calls a method storing a count on an object of the module:
how often JAX rebuilds the node is not followed, and that store is on no object the unflatten
made, so the axes read from the count are not known (JAX rebuilds the box once around the first
shard_map when the program runs as a script, and the second sums the rows over 'data' alone; a
wrapper placing the inputs by one more `jax.tree.map` rebuilds it twice, and then the sum over
'model' too raises, as the rows no longer vary over it)."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Tally:
    def __init__(self):
        self.n = 0

    def bump(self):
        self.n = self.n + 1


TALLY = Tally()


class Box:
    def __init__(self, value):
        self.value = value


jax.tree_util.register_pytree_node(Box, lambda b: ((b.value,), None), lambda aux, ch: (TALLY.bump(), Box(ch[0]))[1])


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", "model")))
    jax.shard_map(lambda b: jax.lax.psum(b.value, ("data", "model")), mesh=mesh, in_specs=P("data", "model"),
                  out_specs=P())(Box(x))
    axes = (("data", "model"), ("data",))[TALLY.n % 2]

    def body(block):
        rows = jax.lax.psum(block, "model")
        return jax.lax.psum(rows, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P())(x)


if __name__ == "__main__":
    main()
