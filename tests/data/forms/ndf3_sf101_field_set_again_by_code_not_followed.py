"""Near miss of df2: after `prepare` stored invariant buckets, `operator.methodcaller` runs
`restore` on the object, code the analysis does not follow, which stores the varying inputs
instead; the buckets `finalize` walks are then not known (they are varying: no error)."""
import operator

import jax
from jax.sharding import PartitionSpec as P


class Reducer:
    def __init__(self, axis="i"):
        self.axis = axis
        self.buckets = []

    def prepare(self, grads):
        self.buckets = [jax.lax.psum(g, self.axis) for g in grads]

    def restore(self, grads):
        self.buckets = list(grads)

    def finalize(self):
        return [jax.lax.all_gather(b, self.axis, axis=0, tiled=True, to="reduced") for b in self.buckets]


def body(x):
    reducer = Reducer()
    reducer.prepare([x])
    operator.methodcaller("restore", [x])(reducer)
    return reducer.finalize()[0]


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)
