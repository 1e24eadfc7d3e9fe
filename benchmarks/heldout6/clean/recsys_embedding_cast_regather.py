"""Recommender export: columns gathered reduced, cast back to varying, then the whole table."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("row", "col"))


class Table:
    row_axis, col_axis = "row", "col"

    def export(self, t):
        wide = jax.lax.all_gather(t, self.col_axis, axis=1, tiled=True, to="reduced")
        wide = jax.lax.pcast(wide, self.col_axis, to="varying")
        return jax.lax.all_gather(wide, (self.row_axis, self.col_axis), axis=0, tiled=True,
                                  to="reduced")


def inputs():
    t = jnp.arange(16 * 8, dtype=jnp.float32).reshape(16, 8)
    return (jax.device_put(t, NamedSharding(mesh, P("row", "col"))),)


def main(t):
    f = jax.shard_map(Table().export, mesh=mesh, in_specs=P("row", "col"),
                      out_specs=P(reduced={"row", "col"}))
    return f(t)
