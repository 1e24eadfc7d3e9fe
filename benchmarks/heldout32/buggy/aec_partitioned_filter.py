"""Partitioned-block echo canceller: filter partitions collected for the far-end coherence check."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class PartitionedBlockFilter:
    def __init__(self, mesh, n_partitions=4):
        self.n_partitions = n_partitions
        self.partition_axis, self.bin_axis = mesh.axis_names[::-1]

    def taps(self, weights):
        return jax.lax.all_gather(weights, self.partition_axis, axis=1, tiled=True, to="reduced")

    def coherence_input(self, weights):
        taps = self.taps(weights)
        everything = (self.bin_axis, self.partition_axis)
        return jax.lax.all_gather(taps, everything, axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(41)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(weights):
    mesh = jax.make_mesh((2, 4), ("bins", "partitions"))
    filt = PartitionedBlockFilter(mesh)
    weights = jax.device_put(weights, NamedSharding(mesh, P("bins", "partitions")))
    return jax.shard_map(filt.coherence_input, mesh=mesh, in_specs=P("bins", "partitions"),
                         out_specs=P(None, None, reduced={"bins", "partitions"}))(weights)


if __name__ == "__main__":
    print(main(*inputs()).shape)
