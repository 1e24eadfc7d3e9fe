"""A flax-like `Partitioned` box (a pytree node with mesh names as aux data) and box utilities."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@jax.tree_util.register_pytree_node_class
class Partitioned:
    def __init__(self, value, names):
        self.value = value
        self.names = tuple(names)

    def tree_flatten(self):
        return (self.value,), self.names

    @classmethod
    def tree_unflatten(cls, names, children):
        return cls(children[0], names)

    def unbox(self):
        return self.value


def is_box(x):
    return isinstance(x, Partitioned)


def gather_leading(box):
    axis = box.names[0]
    full = jax.lax.all_gather(box.value, axis, axis=0, to="reduced", tiled=True)
    return Partitioned(full, (axis,) + box.names[1:])


def box_checksums(tree):
    return jax.tree.map(lambda b: jax.lax.psum(jnp.sum(b.value, axis=0), b.names[0]), tree, is_leaf=is_box)


def body(kernel, embed):
    boxes = {"kernel": Partitioned(kernel, ("rows", "cols")), "embed": Partitioned(embed, ("rows", None))}
    gathered = jax.tree.map(gather_leading, boxes, is_leaf=is_box)
    sums = box_checksums(gathered)
    return sums["kernel"], sums["embed"]


def inputs():
    rng = np.random.default_rng(25)
    return rng.normal(size=(8, 8)).astype(np.float32), rng.normal(size=(8, 4)).astype(np.float32)


def main(kernel, embed):
    mesh = jax.make_mesh((2, 4), ("rows", "cols"))
    kernel = jax.device_put(kernel, NamedSharding(mesh, P("rows", "cols")))
    embed = jax.device_put(embed, NamedSharding(mesh, P("rows", None)))
    run = jax.shard_map(body, mesh=mesh, in_specs=(P("rows", "cols"), P("rows", None)), out_specs=(P("cols"), P()))
    return run(kernel, embed)


if __name__ == "__main__":
    main(*inputs())
