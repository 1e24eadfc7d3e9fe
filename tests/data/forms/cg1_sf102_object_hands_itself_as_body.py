"""A callable object hands itself to shard_map from one of its own methods (`jax.shard_map(self,
...)`): Python runs its `__call__`, reading the axes `__init__` unpacked from `mesh.axis_names`."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("i", "j"))


class PathWeights:
    def __init__(self, mesh):
        self.rows, self.cols = mesh.axis_names
        self.mesh = mesh

    def __call__(self, costs):
        by_col = jax.lax.all_gather(jnp.exp(-costs), self.cols, axis=0, tiled=True, to="reduced")
        return jax.lax.all_gather(by_col, (self.rows, self.cols), axis=0, tiled=True, to="reduced")  # SF102

    def run(self, costs):
        spec = P(self.rows, self.cols)
        placed = jax.device_put(costs, NamedSharding(self.mesh, spec))
        return jax.shard_map(self, mesh=self.mesh, in_specs=spec,
                             out_specs=P(None, None, reduced={self.rows, self.cols}))(placed)


def main(mesh, x):
    return PathWeights(MESH).run(x)
