"""A class attribute that is a descriptor gets the object on every read (`head.hook` hands it a
caller), so a field read is no longer proof that only shard_map calls it: not judged."""
import jax
from jax.sharding import PartitionSpec as P


class Hook:
    def __get__(self, obj, owner):
        return lambda v: obj(v)


class Head:
    hook = Hook()

    def __init__(self, axis):
        self.axis = axis

    def __call__(self, h):
        pooled = jax.lax.all_gather(h, self.axis, axis=0, tiled=True, to="reduced")
        return jax.lax.all_gather(pooled, self.axis, axis=0, tiled=True, to="reduced")


def run(mesh, x):
    head = Head("i")
    later = head.hook
    return jax.shard_map(head, mesh=mesh, in_specs=P(head.axis), out_specs=P(None, reduced={"i"}))(x), later
