"""A dict of axis names reaches an object as its constructor's default (`axes=AXES`), is kept in
`self.axes` and handed to the builder of the body. No code changes the dict through any name that
may hold it (the run's own `stats` dict is changed, which says nothing of AXES): the psum result
is gathered to 'reduced' over the axis it is invariant on."""
import jax
from jax.sharding import PartitionSpec as P

AXES = {"sum": "i", "gather": "i"}


def make_total(axes):
    def total(block):
        summed = jax.lax.psum(block, axes["sum"])
        return jax.lax.all_gather(summed, axes["gather"], tiled=True, to="reduced")  # SF101
    return total


class Aggregator:
    def __init__(self, mesh, axes=AXES):
        self.mesh = mesh
        self.axes = axes

    def run(self, x):
        fn = make_total(self.axes)
        return jax.shard_map(fn, mesh=self.mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)


def main(mesh, x):
    stats = {}
    agg = Aggregator(mesh)
    out = agg.run(x)
    stats["runs"] = 1
    return out
