import jax
from jax.sharding import PartitionSpec as P


class PartitionedFilter:
    def __init__(self, mesh):
        self.partition_axis, self.bin_axis = mesh.axis_names[::-1]

    def taps(self, weights):
        return jax.lax.all_gather(weights, self.partition_axis, axis=1, tiled=True, to="reduced")

    def coherence_input(self, weights):
        taps = self.taps(weights)
        everything = (self.bin_axis, self.partition_axis)
        return jax.lax.all_gather(taps, everything, axis=0, tiled=True, to="reduced")  # SF102


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    filt = PartitionedFilter(mesh)
    return jax.shard_map(filt.coherence_input, mesh=mesh, in_specs=P("i", "j"),
                         out_specs=P(None, None, reduced={"i", "j"}))(x)
