"""The object registers itself in a module list that other code may call: a read of one of its
fields no longer proves the object is only called by shard_map, so the regather is not judged."""
import jax
from jax.sharding import PartitionSpec as P

REGISTRY = []


class Head:
    def __init__(self, axis):
        self.axis = axis
        REGISTRY.append(self)

    def __call__(self, h):
        pooled = jax.lax.all_gather(h, self.axis, axis=0, tiled=True, to="reduced")
        return jax.lax.all_gather(pooled, self.axis, axis=0, tiled=True, to="reduced")


def run(mesh, x):
    head = Head("i")
    return jax.shard_map(head, mesh=mesh, in_specs=P(head.axis), out_specs=P(None, reduced={"i"}))(x)
