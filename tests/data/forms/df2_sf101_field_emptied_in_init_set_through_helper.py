"""The Reducer of cu7, but `prepare` runs inside a helper handed the object (once ncu7, a near
miss): the store `prepare` makes while the body runs reaches the name holding the object when the
helper returns, so `finalize` walks the invariant buckets."""
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


def fill(reducer, grads):
    reducer.prepare(grads)
    return reducer


def body(x):
    reducer = fill(Reducer(), [x])
    return reducer.finalize()[0]


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)
