"""A registered pytree class keeps its mesh axis names as aux data; `jax.tree.map(..., is_leaf=)`
hands each box to the helper whole, which gathers the value to reduced over the box's first
axis and boxes it again; a second map sums each box over that axis."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


@jax.tree_util.register_pytree_node_class
class Boxed:
    def __init__(self, value, names):
        self.value = value
        self.names = tuple(names)

    def tree_flatten(self):
        return (self.value,), self.names

    @classmethod
    def tree_unflatten(cls, names, children):
        return cls(children[0], names)


def is_boxed(node):
    return isinstance(node, Boxed)


def gather_first(box):
    full = jax.lax.all_gather(box.value, box.names[0], axis=0, to="reduced", tiled=True)
    return Boxed(full, box.names)


def body(w):
    boxes = {"w": Boxed(w, ("i", "j"))}
    gathered = jax.tree.map(gather_first, boxes, is_leaf=is_boxed)
    sums = jax.tree.map(lambda b: jax.lax.psum(b.value.sum(axis=0), b.names[0]), gathered, is_leaf=is_boxed)  # SF103
    return sums["w"]


def main(mesh, x):
    w = jax.device_put(x, NamedSharding(mesh, P("i", "j")))
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("j"))(w)
