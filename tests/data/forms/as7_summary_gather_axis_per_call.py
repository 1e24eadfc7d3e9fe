import jax
from jax.sharding import PartitionSpec as P

ROWS, COLS = "i", "j"


def summarize(mesh, x, gather_axis):
    def body(v):
        s = jax.lax.psum(v, ROWS)
        return jax.lax.all_gather(s, gather_axis, tiled=True, to="reduced")  # SF101
    kept = None if gather_axis == COLS else COLS  # the axis the sum leaves varying
    return jax.shard_map(body, mesh=mesh, in_specs=P(ROWS, COLS), out_specs=P(None, kept, reduced={gather_axis}))(x)


def run(mesh, x):
    by_col = summarize(mesh, x, COLS)
    by_row = summarize(mesh, x, ROWS)
    return by_col, by_row
