"""The entered object's __exit__ returns True: an error in the block is swallowed and the program goes on."""
import jax
from jax.sharding import PartitionSpec as P


class Domain:
    def __init__(self, row_axis="i", col_axis="j"):
        self.row_axis = row_axis
        self.col_axis = col_axis

    def __enter__(self):
        return self.row_axis, self.col_axis

    def __exit__(self, *exc):
        return True


def table(domain, x):
    out = x
    with domain as (row_axis, col_axis):
        in_row = jax.lax.all_gather(x, col_axis, axis=1, tiled=True, to="reduced")
        out = jax.lax.all_gather(in_row, (row_axis, col_axis), axis=0, tiled=True, to="reduced")  # none
    return out


def main(mesh, x):
    domain = Domain()
    return jax.shard_map(lambda v: table(domain, v), mesh=mesh, in_specs=P("i", "j"),
                         out_specs=P("i", "j"))(x)
