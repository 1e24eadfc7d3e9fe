"""Near miss of dh7: the metric gathers over `axis_names[0]` ('i'), where the total still
varies (no error)."""
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
        names = self.distribution.mesh.axis_names
        total = jax.lax.psum(jnp.sum(values, axis=1, keepdims=True), names[1])
        return jax.lax.all_gather(total, names[0], axis=0, tiled=True, to="reduced")


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    metric = Metric(DataParallel(mesh))
    return jax.shard_map(metric.result, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"i"}))(x)
