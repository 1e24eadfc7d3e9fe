"""`__init__` copies a class attribute to a field through `self` (`self.axis = self.AXIS`),
read by a method that gathers an already-gathered (reduced) value again."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Table:
    AXIS = "i"

    def __init__(self, dim):
        self.dim = dim
        self.axis = self.AXIS

    def lookup(self, shard):
        rows = jax.lax.all_gather(shard, self.axis, axis=0, tiled=True, to="reduced")
        return jnp.tanh(jax.lax.all_gather(rows, self.axis, axis=1, tiled=True, to="reduced"))  # SF103


def run(mesh, x):
    table = Table(8)
    return jax.shard_map(table.lookup, mesh=mesh, in_specs=P("i"), out_specs=P(None, None, reduced={"i"}))(x)
