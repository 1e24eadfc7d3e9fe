"""A layer object handed to a pasted `shard_module` wrapper; its `__call__` calls a gather helper
twice, and the second call gathers again over the axis the first made reduced."""
import jax
from jax.sharding import PartitionSpec as P


def shard_module(fn, mesh, in_specs, out_specs):
    return jax.shard_map(fn, mesh=mesh, in_specs=in_specs, out_specs=out_specs)


def gather_reduced(x, axis_name, dim=0):
    return jax.lax.all_gather(x, axis_name, axis=dim, tiled=True, to="reduced")  # SF102


class Targets:
    def __init__(self, batch_axes=("i", "j"), class_axis="j"):
        self.batch_axes = batch_axes
        self.class_axis = class_axis

    def __call__(self, y):
        full = gather_reduced(y, self.class_axis, dim=1)
        return gather_reduced(full, self.batch_axes, dim=0)


def main(mesh, x):
    return shard_module(Targets(), mesh, P("i", "j"), P(None, None, reduced={"i", "j"}))(x)
