"""A DDP-like Reducer starts with `self.buckets = []`; `reducer.prepare(...)`, a statement on the
one object, replaces the list with summed buckets, and `finalize` gathers those invariant sums to
reduced."""
import jax
from jax.sharding import PartitionSpec as P


class Reducer:
    def __init__(self, axis="i"):
        self.axis = axis
        self.buckets = []

    def prepare(self, grads):
        self.buckets = [jax.lax.psum(g, self.axis) for g in grads]

    def finalize(self):
        return [jax.lax.all_gather(b, self.axis, axis=0, tiled=True, to="reduced") for b in self.buckets]  # SF101


def body(x):
    reducer = Reducer()
    reducer.prepare([x])
    return reducer.finalize()[0]


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)
