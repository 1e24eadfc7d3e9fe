"""A Keras-style metric reads its axis from the mesh its distribution holds,
`self.distribution.mesh.axis_names[1]`: two fields deep, the mesh is still the one built."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class DataParallel:
    def __init__(self, mesh):
        self.mesh = mesh


class Metric:
    def __init__(self, distribution):
        self.distribution = distribution

    def result(self, values):
        axis = self.distribution.mesh.axis_names[1]
        total = jax.lax.psum(jnp.sum(values, axis=1, keepdims=True), axis)
        return jax.lax.all_gather(total, axis, axis=1, tiled=True, to="reduced")  # SF101


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    metric = Metric(DataParallel(mesh))
    return jax.shard_map(metric.result, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))(x)
